/**
 * Named numbers of makemkvcon's robot mode (`-r`): attribute ids of CINFO/TINFO/SINFO lines,
 * message codes of MSG lines, progress codes of PRGT/PRGC lines, and drive states and flags of
 * DRV lines. Nothing else in the plugin spells these numbers.
 */

/** Attribute ids (the `attr` field of CINFO, TINFO and SINFO lines). */
export const Attr = {
  TYPE: 1,
  NAME: 2,
  LANG_CODE: 3,
  LANG_NAME: 4,
  CODEC_ID: 5,
  CHAPTER_COUNT: 8,
  /** `H:MM:SS` */
  DURATION: 9,
  /** For display, e.g. `5.3 GB`. */
  DISK_SIZE: 10,
  DISK_SIZE_BYTES: 11,
  /** `00800.mpls`, `00305.m2ts`; DVDs do not report one. */
  SOURCE_FILE_NAME: 16,
  /** `1920x1080` */
  VIDEO_SIZE: 19,
  /** DVD title number as the disc numbers it (`01`). */
  ORIGINAL_TITLE_ID: 24,
  SEGMENTS_COUNT: 25,
  /** `5,6` or `1,2,3-5`. */
  SEGMENTS_MAP: 26,
  /** The file `mkv` writes: `Name_t00.mkv`. */
  OUTPUT_FILE_NAME: 27,
  METADATA_LANGUAGE_NAME: 29,
  TREE_INFO: 30,
  PANEL_TITLE: 31,
  VOLUME_NAME: 32,
  /** DVD cell/angle label (`B3`); DVDs only. */
  DVD_CELL_NAME: 49,
} as const;

/** Message codes of MSG lines that change what the plugin does or says. */
export const Msg = {
  STARTED: 1005,
  /** A disc read failed (`Error '%1' occurred while reading '%2' at offset '%3'`). */
  READ_ERROR: 2003,
  /** `Title #%1 has length of %2 seconds which is less than minimum title length …` */
  TITLE_TOO_SHORT: 3025,
  /** `Region setting of drive %1 does not match the region of currently inserted disc …` — may hang. */
  REGION_MISMATCH: 3032,
  FAILED_TO_SAVE_TITLE: 5003,
  /** `Copy complete. %1 titles saved, %2 failed.` (also printed by some versions on success). */
  COPY_COMPLETE_WITH_FAILURES: 5004,
  SAVED_TITLES: 5005,
  FAILED_TO_OPEN_DISC: 5010,
  OPERATION_SUCCESSFUL: 5011,
  /** `Saving %1 titles into directory %2` */
  SAVING_INTO_DIRECTORY: 5014,
  /** `This application version is too old` (an expired beta). */
  VERSION_TOO_OLD: 5021,
  /** `Copy complete. %1 titles saved.` */
  COPY_COMPLETE: 5036,
  /** `Copy complete. %1 titles saved, %2 failed.` */
  COPY_COMPLETE_FAILED: 5037,
  EVALUATION_EXPIRED: 5052,
  EVALUATION_EXPIRED_SHAREWARE: 5055,
  KEY_EXPIRED: 5073,
} as const;

/** MSG codes that mean the installation cannot rip until MakeMKV is updated or a key is entered. */
export const LICENSE_EXPIRED_CODES: ReadonlySet<number> = new Set([
  Msg.VERSION_TOO_OLD,
  Msg.EVALUATION_EXPIRED,
  Msg.EVALUATION_EXPIRED_SHAREWARE,
  Msg.KEY_EXPIRED,
]);

/** Codes of PRGT (total) and PRGC (current) lines. */
export const Progress = {
  SCANNING_DEVICES: 5018,
  SAVING_TO_MKV: 5017,
  SAVING_ALL_TITLES: 5024,
  ANALYZING_SEGMENTS: 5057,
} as const;

/** Drive states (second field of DRV). */
export const DriveState = {
  EMPTY_CLOSED: 0,
  EMPTY_OPEN: 1,
  INSERTED: 2,
  LOADING: 3,
  NO_DRIVE: 256,
  UNMOUNTING: 257,
} as const;

/** Disc flags (fourth field of DRV), a bit set. */
export const DriveFlag = {
  DVD_FILES: 1,
  HD_DVD_FILES: 2,
  BLURAY_FILES: 4,
  AACS: 8,
  BDPLUS: 16,
} as const;

/** SINFO type codes (the `code` field of attribute TYPE). */
export const StreamTypeCode = {
  VIDEO: 6201,
  AUDIO: 6202,
  SUBTITLES: 6203,
} as const;

/** CINFO TYPE codes. */
export const DiscTypeCode = {
  DVD: 6206,
  BLURAY: 6209,
} as const;
