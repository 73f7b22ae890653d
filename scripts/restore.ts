// `npm run restore -- <file> [--force]`: puts back a backup made by `npm run backup`. Stop the shop first. Over an
// existing database it asks for --force, and keeps what was there (a renamed data directory, or a dump of the
// PostgreSQL database next to <file>). See README "Operating the shop".
import { restore } from "../app/server/backup.server";
import { runCommand } from "./backup-cli";

await runCommand("restore", (file, force) => restore({ file, force }));
