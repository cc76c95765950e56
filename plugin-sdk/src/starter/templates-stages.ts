/** What the starter writes for each stage kind, in the order the pipeline runs them (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';
import { FILING_STAGE_TEMPLATES } from './templates-stages-filing.ts';
import { SOURCE_STAGE_TEMPLATES } from './templates-stages-source.ts';

export type { KindTemplate } from './kind-template.ts';

export const STAGE_TEMPLATES: Record<string, KindTemplate> = { ...SOURCE_STAGE_TEMPLATES, ...FILING_STAGE_TEMPLATES };
