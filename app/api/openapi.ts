import { z } from "zod/v4";
import { ErrorEnvelopeSchema } from "~/schemas/common";
import type { AnyApiRoute, BodyType } from "./define";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** Path and query parameters from an object schema: one OpenAPI parameter per property. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "output") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" ? true : false,
    schema: property,
    ...(property.type === "array" ? { style: "form", explode: true } : {}),
  }));
}

const ERROR_STATUSES: Record<string, string> = {
  "400": "Malformed request",
  "401": "Not signed in, or the token is invalid or expired",
  "403": "Not allowed",
  "404": "Not found",
  "409": "Conflict",
  "422": "Validation failed",
  "500": "Unexpected error",
};

const BODY_TYPES: Record<BodyType, string[]> = {
  json: ["application/json"],
  "json-optional": ["application/json"],
  form: ["application/x-www-form-urlencoded", "multipart/form-data"],
  "json-or-form": ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
  text: ["application/json"],
  csv: ["text/csv", "multipart/form-data"],
};

/** A body's schema for one content type: a CSV upload is the text itself, or a form with the `file`. */
function bodySchema(route: AnyApiRoute, type: string): JsonSchema {
  if (route.bodyType === "csv") {
    return type === "multipart/form-data"
      ? { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" } } }
      : { type: "string" };
  }
  if (route.bodyType === "text") return { type: "object", description: "the provider's signed event, as sent" };
  return jsonSchema(route.body!, "input");
}

export function buildOpenApiDocument(routes: readonly AnyApiRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const success = String(route.status ?? 200);
    const content = route.responseContentType
      ? { [route.responseContentType]: { schema: { type: "string", format: "binary" } } }
      : {
          "application/json": {
            schema: {
              type: "object",
              required: ["message", "data"],
              properties: {
                message: { type: "string" },
                data: route.response ? jsonSchema(route.response, "output") : {},
              },
            },
          },
        };
    const needsAuth = route.access !== undefined && route.access !== "public";
    const errors = Object.fromEntries(
      Object.entries({ ...ERROR_STATUSES, ...route.errorStatuses })
        .filter(([status]) => needsAuth || (status !== "401" && status !== "403"))
        .map(([status, description]) => [
          status,
          { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ]),
    );
    const bodyTypes = BODY_TYPES[route.bodyType ?? "json"];
    (paths[route.path] ??= {})[route.method] = {
      operationId: `${route.method}${route.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: route.summary,
      tags: [route.tag],
      ...(needsAuth ? { security: [{ bearerAuth: [] }] } : {}),
      parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
      ...(route.body
        ? {
            requestBody: {
              required: route.bodyType !== "json-optional",
              content: Object.fromEntries(bodyTypes.map((type) => [type, { schema: bodySchema(route, type) }])),
            },
          }
        : {}),
      responses: { [success]: { description: "Success", content }, ...errors },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Gaming accessories shop API",
      version: "1.0.0",
      description: "The shop's JSON API. Success: {message, data}. Error: {message, data: null, errors?}.",
    },
    servers: [{ url: "/api/v1" }],
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorEnvelopeSchema, "output") },
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
  };
}
