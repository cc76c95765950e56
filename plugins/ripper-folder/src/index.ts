import { definePlugin } from '@spindle/plugin-sdk';
import { FolderRipper } from './folder-ripper.ts';

export default definePlugin({
  id: 'ripper-folder',
  name: 'Folder ripper',
  stages: {
    ripper: { folder: () => new FolderRipper() },
  },
});
