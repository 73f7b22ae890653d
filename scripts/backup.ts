// `npm run backup -- <file> [--force]`: a backup of the shop's database into <file>. With DATABASE_URL, pg_dump's
// custom format (the shop may keep running); without it, the embedded database of DATA_DIR (stop the shop first).
// Restore with `npm run restore -- <file>`. See README "Operating the shop".
import { backup } from "../app/server/backup.server";
import { runCommand } from "./backup-cli";

await runCommand("backup", (file, force) => backup({ file, force }));
