/** What the starter writes for each provider kind (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';
import { MEDIA_PROVIDER_TEMPLATES } from './templates-providers-media.ts';
import { METADATA_PROVIDER_TEMPLATES } from './templates-providers-metadata.ts';
import { OUTBOUND_PROVIDER_TEMPLATES } from './templates-providers-outbound.ts';

export const PROVIDER_TEMPLATES: Record<string, KindTemplate> = {
  ...METADATA_PROVIDER_TEMPLATES,
  ...MEDIA_PROVIDER_TEMPLATES,
  ...OUTBOUND_PROVIDER_TEMPLATES,
};
