/**
 * Shortens every absolute file path in a text to its last part (`/srv/media/TV/Show/Season 01/x.mkv`
 * → `x.mkv`), for messages that leave the machine (notifications) without the user's folder layout.
 * POSIX paths (two or more segments), Windows drive paths and UNC paths are recognised (URLs are
 * not); a path ends at a quote, a bracket, a semicolon, a comma followed by a space or a line end.
 * Folder names may hold spaces, so words after a path's last part stay as they were.
 */
const PATH = /(?:(?<!\w)[A-Za-z]:[\\/]|\\\\[^\\\s]+\\|(?<![\w.:/])\/(?=[^\s/]+\/))(?:[^"'`()<>\[\]\r\n,;]|,(?! ))*/g;

function lastPart(path: string): string {
  const trimmed = path.replace(/[\\/.\s]+$/, '');
  const parts = trimmed.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? path;
}

export function stripPaths(text: string): string {
  return text.replace(PATH, (match) => {
    const tail = /[.:]?\s*$/.exec(match)?.[0] ?? '';
    const body = match.slice(0, match.length - tail.length);
    return lastPart(body) + tail;
  });
}
