/**
 * DEBUG simulation: how fast each simulated job runs (`rip_speed_multiplier`, 1 unless set). The
 * simulator sets it when it inserts a disc; the simulated steps read it while they run.
 */
import { injectable } from 'tsyringe';

@injectable()
export class SimulationPace {
  private readonly multipliers = new Map<number, number>();

  set(jobId: number, multiplier: number): void {
    this.multipliers.set(jobId, multiplier);
  }

  multiplier(jobId: number): number {
    return this.multipliers.get(jobId) ?? 1;
  }

  clear(): void {
    this.multipliers.clear();
  }
}
