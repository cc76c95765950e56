import { mount } from 'svelte';
// Global styles, in cascade order: theme variables, base elements, controls, layout utilities, tables.
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import './styles/tables.css';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('missing #app element');
export default mount(App, { target });
