import { lstatSync } from 'node:fs';
import path from 'node:path';
import { isRacy, signatureOf } from '../core/file-signature.js';
import { isInside, toPosix } from '../core/paths.js';
import { isPageFile } from '../site/inventory.js';
import { CONFIG_FILE } from '../site/load.js';
import { listFiles } from '../site/walk.js';
import { SiteSession } from './session.js';
import type { ResolvedSettings } from '../config/site-settings.js';

/*
 * Sessions kept warm between runs, for a host that lints the same sites again and again with no
 * editor telling it what changed (the MCP server): one SiteSession per site root, opened by the
 * first run over the site and caught up with the disk before each later one. The site's files are
 * listed again (the same walk as the site's listing, names only) and each one's signature (size,
 * times, inode: src/core/file-signature.ts) compared with the last run's: a changed page is
 * forgotten and parsed again; a file added or removed, or a change to any other file (docs.json
 * and its $ref files, a spec, .mintignore, robots.txt), lists the site again, keeping the outcomes
 * of unchanged pages, as the language server does on a watched change. A file changed within
 * RACY_MS of a look is never vouched for: the next run reads it again. Settings resolved to the
 * same rules keep the session's outcomes; other settings start its page pass again.
 */

/** A site's files (site-relative) with their signatures, as last seen. */
type Snapshot = Map<string, string>;

interface Warm {
  session: SiteSession;
  settingsKey: string;
  files: Snapshot;
  /** The last run left something in the listing that is not on the disk (a page given as text): list the site again. */
  relist: boolean;
}

/** What the settings decide of a session's outcomes (a configuration resolved again to the same rules keeps them). */
function settingsKey(resolved: ResolvedSettings): string {
  const { settings } = resolved;
  return JSON.stringify([
    resolved.file ?? null,
    resolved.rules,
    settings.pluginsKey ?? null,
    settings.overridesKey ?? null,
    settings.timeLimits ?? null,
  ]);
}

function snapshot(root: string, now: number): Snapshot {
  const out: Snapshot = new Map();
  for (const rel of listFiles(root)) {
    try {
      const info = lstatSync(path.join(root, rel));
      // Changed too recently to be vouched for: a signature no later look matches.
      out.set(rel, isRacy(info, now) ? `racy:${now}` : signatureOf(info));
    } catch {
      // gone since the walk: the next look tells
    }
  }
  return out;
}

export class WarmSessions {
  private readonly sites = new Map<string, Warm>();

  /** `clock`: the time a look at the files is made (tests move it on, past the racy window). */
  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * The session of the site at `root`, caught up with the disk, with `overlays` (text that stands
   * for files of the site for this run) in place. Give it back with `release`.
   */
  async acquire(
    root: string,
    resolved: ResolvedSettings,
    overlays?: ReadonlyMap<string, string | Buffer>,
  ): Promise<SiteSession> {
    const mine = new Map([...(overlays ?? [])].filter(([file]) => isInside(root, file)));
    const key = settingsKey(resolved);
    let warm = this.sites.get(root);
    if (!warm) {
      const files = snapshot(root, this.clock());
      const session = await SiteSession.open(root, resolved.settings, mine, { threads: 1, mainThreadFirst: true });
      warm = { session, settingsKey: key, files, relist: false };
      this.sites.set(root, warm);
      return session;
    }
    const { session } = warm;
    if (warm.settingsKey !== key) {
      session.setSettings(resolved.settings);
      warm.settingsKey = key;
    }
    await this.catchUp(warm);
    let config = false;
    for (const [file, text] of mine) {
      session.setOverlay(file, typeof text === 'string' ? text : text.toString('utf8'));
      if (this.isConfigFile(session, file)) config = true;
    }
    if (config) await session.reloadSite({ inventory: false });
    return session;
  }

  /**
   * Ends a run: the overlays it set (its text, the fixes it computed: `touched`) are dropped, and
   * the worker threads stopped (they start again when needed).
   */
  release(session: SiteSession, touched: Iterable<string>): void {
    const warm = this.sites.get(session.root);
    session.close();
    if (!warm || warm.session !== session) return;
    for (const file of new Set(touched)) {
      if (!isInside(session.root, file)) continue;
      session.setOverlay(file, undefined);
      const rel = toPosix(path.relative(session.root, file));
      // A page that exists only as text joined the listing; a docs.json given as text changed the model.
      if (!warm.files.has(rel) || !isPageFile(rel)) warm.relist = true;
    }
  }

  /** Stops every session's worker threads and forgets the sessions. */
  close(): void {
    for (const warm of this.sites.values()) warm.session.close();
    this.sites.clear();
  }

  private isConfigFile(session: SiteSession, file: string): boolean {
    return file === path.join(session.root, CONFIG_FILE) || session.site.config.files.has(file);
  }

  /** Forgets what changed on the disk since the last run; lists the site again when its files or its model changed. */
  private async catchUp(warm: Warm): Promise<void> {
    const { session } = warm;
    const now = snapshot(session.root, this.clock());
    let relist = warm.relist;
    for (const [rel, signature] of now) {
      const before = warm.files.get(rel);
      if (before === signature) continue;
      if (before === undefined) relist = true;
      else {
        session.invalidate(path.join(session.root, rel));
        if (!isPageFile(rel)) relist = true;
      }
    }
    for (const rel of warm.files.keys()) {
      if (now.has(rel)) continue;
      session.invalidate(path.join(session.root, rel));
      relist = true;
    }
    warm.files = now;
    warm.relist = false;
    if (relist) await session.reloadSite();
  }
}
