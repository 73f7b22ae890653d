// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (the server also does this on start).
import { openPostgres } from "../app/db/client.server";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL=postgres://… (the embedded database migrates itself on `npm start`).");
  process.exit(1);
}
const database = await openPostgres(url, { max: 2 });
await database.migrate();
await database.close();
console.log("Migrations applied.");
