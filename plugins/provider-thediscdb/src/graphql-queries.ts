/**
 * The content-hash lookup, in TheDiscDB's two schema shapes. The current schema has a junction
 * between release and disc, so the filter reaches the hash through `disc`; older deployments
 * filter the disc directly. The selection is the same in both.
 */
const SELECTION = `
    nodes {
      id title year slug type
      externalids { tmdb imdb }
      releases {
        slug
        discs {
          index name format slug contentHash
          titles {
            index duration size sourceFile segmentMap
            item { title season episode type }
          }
        }
      }
    }`;

export const JUNCTION_QUERY = `query DiscByContentHash($hash: String!) {
  mediaItems(where: { releases: { some: { discs: { some: { disc: { contentHash: { eq: $hash } } } } } } }) {${SELECTION}
  }
}`;

export const FLAT_QUERY = `query DiscByContentHash($hash: String!) {
  mediaItems(where: { releases: { some: { discs: { some: { contentHash: { eq: $hash } } } } } }) {${SELECTION}
  }
}`;

/** What the selection returns (every field may be missing or null on real data). */
export interface WireTitle {
  index?: number | null;
  duration?: string | null;
  size?: number | null;
  sourceFile?: string | null;
  segmentMap?: string | null;
  item?: {
    title?: string | null;
    season?: string | number | null;
    episode?: string | number | null;
    type?: string | null;
  } | null;
}

export interface WireDisc {
  index?: number | null;
  name?: string | null;
  format?: string | null;
  slug?: string | null;
  contentHash?: string | null;
  titles?: WireTitle[] | null;
}

export interface WireMediaItem {
  id?: number | string | null;
  title?: string | null;
  year?: number | null;
  slug?: string | null;
  type?: string | null;
  externalids?: { tmdb?: string | number | null; imdb?: string | null } | null;
  releases?: { slug?: string | null; discs?: WireDisc[] | null }[] | null;
}
