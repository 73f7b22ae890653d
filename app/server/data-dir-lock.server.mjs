import fs from "node:fs";
import path from "node:path";

/**
 * PGlite does not lock its data directory, and two processes on one directory silently lose writes (or worse). The
 * server, `npm run backup` and `npm run restore` therefore take DATA_DIR/pgdata.lock, holding the process id (and,
 * on Linux, the process's start time, so a stale lock whose pid was reused by another process is recognised).
 */
export class DataDirBusyError extends Error {
  /**
   * @param {string} dataDir
   * @param {number | undefined} holderPid
   */
  constructor(dataDir, holderPid) {
    super(
      `${dataDir} is in use by ${holderPid ? `process ${holderPid}` : "another process"} (${path.join(dataDir, LOCK_FILE)}): ` +
        "one process per embedded database; stop the shop first",
    );
    this.dataDir = dataDir;
    this.holderPid = holderPid;
  }
}

const LOCK_FILE = "pgdata.lock";

/**
 * Field 22 of /proc/<pid>/stat (clock ticks since boot); undefined where there is no /proc.
 * @param {number} pid
 * @returns {string | undefined}
 */
function startTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name (field 2) may hold spaces and parentheses: count from its closing parenthesis
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * The process holding the lock, or undefined when it is free or stale. The server (scripts/server.mjs) asks this
 * before it listens, so a second instance on the same folder says so first and only.
 * @param {string} dataDir
 * @returns {number | undefined}
 */
export function dataDirHolder(dataDir) {
  let text;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8");
  } catch {
    return undefined;
  }
  const [pidText, started] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  if (started && startTime(pid) !== undefined && startTime(pid) !== started) return undefined;
  return pid;
}

/**
 * Takes the lock (replacing a stale one) or throws DataDirBusyError. Returns the release function.
 * @param {string} dataDir
 * @returns {() => void}
 */
export function lockDataDir(dataDir) {
  const file = path.join(dataDir, LOCK_FILE);
  const content = `${process.pid} ${startTime(process.pid) ?? ""}`.trim() + "\n";
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: "wx" });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
      const holder = dataDirHolder(dataDir);
      if (holder !== undefined) throw new DataDirBusyError(dataDir, holder);
      // a stale lock (its process is gone): replace it once; losing that race to another process means it is busy
      if (attempt > 0) throw new DataDirBusyError(dataDir, undefined);
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, "utf8") === content) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
