// The command line shared by scripts/backup.ts and scripts/restore.ts: one file, an optional --force, one line on error.
import { BackupError } from "../app/server/backup.server";
import { DataDirBusyError } from "../app/server/data-dir-lock.server.mjs";

export async function runCommand(name: "backup" | "restore", action: (file: string, force: boolean) => Promise<void>) {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error(`usage: npm run ${name} -- <file> [--force]`);
    process.exit(2);
  }
  try {
    await action(files[0]!, force);
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirBusyError) {
      console.error(`[${name}] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
