// `npm run db:seed`: migrates DATABASE_URL and writes the demo catalogue into it when it holds no shop yet.
import { openPostgres } from "../app/db/client.server";
import { isEmptyShop, seedDemoCatalogue } from "../app/server/seed/seed.server";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL=postgres://… (the embedded database is seeded by `npm start` on its first start).");
  process.exit(1);
}
const database = await openPostgres(url, { max: 4 });
try {
  await database.migrate();
  if (!(await isEmptyShop(database.db))) {
    console.log("The database already holds a shop (categories, products or users): nothing written.");
  } else {
    // another seed may have written the shop while this one rendered its images: then this one writes nothing
    const seeded = await seedDemoCatalogue(database.db, { onlyIfEmpty: true });
    console.log(
      seeded.written
        ? `Demo catalogue written: ${seeded.products} products in ${seeded.categories} categories (${seeded.ms} ms).`
        : "Another seed wrote the shop meanwhile: nothing written.",
    );
  }
} finally {
  await database.close();
}
