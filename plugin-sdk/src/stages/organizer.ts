import type { StageContext } from '../context.ts';
import type { OrganizeInput, OrganizeOutcome, OrganizePlan } from '../values.ts';

/** Plans where each title goes in the library, then performs the plan without losing data. */
export interface Organizer {
  plan(input: OrganizeInput, ctx: StageContext): Promise<OrganizePlan>;
  apply(plan: OrganizePlan, ctx: StageContext): Promise<OrganizeOutcome>;
}
