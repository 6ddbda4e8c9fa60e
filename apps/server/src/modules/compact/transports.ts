import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/** A file to hand to the coordinated database. */
export interface OutgoingFile {
  id: string;
  fileName: string;
  content: string;
  sha256: string;
}
export interface DeliveryOutcome {
  status: 'delivered' | 'failed';
  destination: string;
  responseStatus: number | null;
  detail: string | null;
}
/** How files reach the EMS Compact's data system: one adapter an office configures. */
export interface CompactTransport {
  readonly name: 'https-post' | 'file-drop';
  deliver(file: OutgoingFile): Promise<DeliveryOutcome>;
}

const loopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\./.test(host);

/**
 * HTTPS POST of the CSV file to the data system's upload address, with the office's bearer token; the
 * file's name and SHA-256 in headers so the receiver can check and deduplicate it. Plain http only to a
 * loopback address (the local stand-in receiver of tests and demos).
 */
export function httpsPostTransport(
  url: string,
  token: string | undefined,
  timeoutMs = 30_000,
): CompactTransport {
  const target = new URL(url);
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && loopback(target.hostname)))
    throw new Error('COMPACT_FEED_URL must be an https:// address');
  return {
    name: 'https-post',
    async deliver(file) {
      const destination = target.toString();
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'x-file-name': file.fileName,
            'x-content-sha256': file.sha256,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: file.content,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        const text = (await res.text()).slice(0, 500);
        return {
          status: res.ok ? 'delivered' : 'failed',
          destination,
          responseStatus: res.status,
          detail: text || null,
        };
      } catch (err) {
        return {
          status: 'failed',
          destination,
          responseStatus: null,
          detail: (err as Error).message.slice(0, 500),
        };
      }
    },
  };
}

/**
 * A documented file drop: the file is written whole (a temporary name, then renamed) into a folder that
 * the office's transfer agent (an SFTP client) sends on. Used when no upload address is configured.
 */
export function fileDropTransport(dir: string): CompactTransport {
  return {
    name: 'file-drop',
    async deliver(file) {
      const destination = path.join(dir, path.basename(file.fileName));
      try {
        await mkdir(dir, { recursive: true });
        const temporary = `${destination}.${file.id}.part`;
        await writeFile(temporary, file.content, { mode: 0o600 });
        await rename(temporary, destination);
        return { status: 'delivered', destination, responseStatus: null, detail: null };
      } catch (err) {
        return {
          status: 'failed',
          destination,
          responseStatus: null,
          detail: (err as Error).message.slice(0, 500),
        };
      }
    },
  };
}

/** The configured transport: an upload address when COMPACT_FEED_URL is set, else the file drop. */
export function compactTransportOf(config: Config): CompactTransport {
  if (config.COMPACT_FEED_URL) return httpsPostTransport(config.COMPACT_FEED_URL, config.COMPACT_FEED_TOKEN);
  return fileDropTransport(config.COMPACT_FEED_DIR ?? path.join(config.DATA_DIR, 'compact-feed'));
}
