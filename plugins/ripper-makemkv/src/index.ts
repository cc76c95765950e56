import { definePlugin } from '@spindle/plugin-sdk';
import { MakemkvRipper } from './makemkv-ripper.ts';

export default definePlugin({
  id: 'ripper-makemkv',
  name: 'MakeMKV ripper',
  stages: {
    ripper: { makemkv: () => new MakemkvRipper() },
  },
});
