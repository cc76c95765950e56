/**
 * The identification the identify tests type into the form (The Office, season 2, disc 3) as the
 * request body must carry it: integers for the numbers, the title trimmed. The unit test of the
 * body builder and the browser test of the form both expect exactly this.
 */
export const OFFICE_SEASON_2_BODY = {
  content_type: 'tv',
  detected_title: 'The Office',
  catalog_id: 2316,
  detected_year: 2005,
  disc_number: 3,
  detected_season: 2,
} as const;
