/** The `makemkv` ripper: disc sources through makemkvcon's robot mode. */
import type { DiscScan, DiscSource, Ripper, RipRequest, RipResult, StageContext } from '@spindle/plugin-sdk';
import { ripTitles } from './disc-ripper.ts';
import { scanDisc } from './disc-scanner.ts';

export class MakemkvRipper implements Ripper {
  readonly sourceKinds = ['disc'] as const;

  scan(source: DiscSource, ctx: StageContext): Promise<DiscScan> {
    return scanDisc(source, ctx);
  }

  rip(request: RipRequest, ctx: StageContext): Promise<RipResult> {
    return ripTitles(request, ctx);
  }
}
