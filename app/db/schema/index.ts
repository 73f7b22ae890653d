// The database schema, by domain. drizzle-kit reads this file (drizzle.config.ts) to generate migrations.
export * from "./columns";
export * from "./accounts";
export * from "./catalogue";
export * from "./orders";
export * from "./pricing";
export * from "./mail";
export * from "./audit";
export * from "./discounts";
export * from "./content";
export * from "./invoices";
export * from "./reviews";
export * from "./after-sale";
export * from "./saved";
export * from "./stock-alerts";
