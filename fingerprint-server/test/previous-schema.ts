/** SQL that turns the current schema back into the previous version's (no conflict count, no screening flag, no network windows). */
export const PREVIOUS_VERSION_SQL = [
  'alter table contributor drop column conflict_count',
  'alter table episode_contribution drop column flag_reason',
  'drop table network_window',
];
