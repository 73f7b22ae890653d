import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApiRequest } from "~/api/app";

/** Hands every /api/v1/* request, whatever its method, to the API router. */
export const loader = ({ request }: LoaderFunctionArgs) => handleApiRequest(request);
export const action = ({ request }: ActionFunctionArgs) => handleApiRequest(request);
