import { useActionData, useFetcher, useFetchers } from "@remix-run/react";
import { nanoid } from "nanoid";
import { useCallback, useEffect, useRef, useState } from "react";
import { JsMarker } from "~/components/ui/js-marker";
import { useFetcherToasts } from "~/hooks/use-fetcher-toasts";
import type { AddressDto } from "~/schemas/account";
import { PencilIcon, TrashIcon } from "../ui/icons";
import { AddressFields, addressTypeLabel, type CountryOption } from "./address-fields";
import type { IntentReply } from "~/schemas/common";

type Reply = IntentReply;
type Shown = Omit<AddressDto, "id"> & { id: number | string; pending: boolean };

function fromForm(form: FormData): Omit<AddressDto, "id"> {
  const value = (field: string) => String(form.get(field) ?? "");
  return {
    street: value("street"),
    city: value("city"),
    state: value("state"),
    country: value("country"),
    postalCode: value("postalCode"),
    mobileNumber: value("mobileNumber"),
    addressType: (value("addressType") || "HOME") as AddressDto["addressType"],
  };
}

/** Calls `onDone` once with a fetcher's answer (the form that sent it closes itself on success). */
function useFetcherOutcome(fetcher: { state: string; data?: unknown }, onDone: (reply: Reply) => void) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const reply = fetcher.data as Reply | undefined;
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    onDone(reply);
  }, [fetcher.state, fetcher.data, onDone]);
}

/**
 * 'User Addresses': the list with add, edit and delete. With JavaScript every change shows at once (an added address
 * under a client-generated 21-character id) and the list falls back to the server's when the server refuses; without
 * JavaScript the same forms post and the page comes back with a toast.
 */
export function AddressBook({
  userId,
  addresses,
  countries,
}: {
  userId: number;
  addresses: AddressDto[];
  countries: CountryOption[];
}) {
  const action = `/user-profile/${userId}/profile`;
  const fetchers = useFetchers();
  // from the list, which stays mounted: a deleted address's own form is gone (optimistically) when its answer comes
  useFetcherToasts("address-");
  // an address saved before a country was required has none ("XX"): nothing is shown for it
  const countryName = (code: string) =>
    code && code !== "XX" ? (countries.find((c) => c.code === code)?.name ?? code) : "";

  let shown: Shown[] = addresses.map((a) => ({ ...a, pending: false }));
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form || fetcher.formAction !== action) continue;
    const intent = form.get("intent");
    const addressId = Number(form.get("addressId"));
    if (intent === "add") shown = [...shown, { ...fromForm(form), id: String(form.get("clientId")), pending: true }];
    if (intent === "edit")
      shown = shown.map((a) => (a.id === addressId ? { ...a, ...fromForm(form), pending: true } : a));
    if (intent === "delete") shown = shown.filter((a) => a.id !== addressId);
  }

  return (
    <section
      aria-labelledby="user-addresses"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="user-addresses" tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        User Addresses
      </h2>
      {shown.length === 0 ? <p className="mt-3 text-slate-600">No addresses found</p> : null}
      <ul className="mt-4 space-y-3">
        {shown.map((address) => (
          <li
            key={address.id}
            data-address-id={address.id}
            className={`rounded-lg border border-slate-200 p-3 sm:p-4 ${address.pending ? "opacity-60" : ""}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 break-words text-sm text-slate-700">
                <span className="mb-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {addressTypeLabel(address.addressType)}
                </span>
                <p className="font-medium text-slate-900">{address.street || "(no street)"}</p>
                <p>{[address.city, address.state, address.postalCode].filter(Boolean).join(", ")}</p>
                {countryName(address.country) ? <p>{countryName(address.country)}</p> : null}
                {address.mobileNumber ? <p>{address.mobileNumber}</p> : null}
              </div>
              {typeof address.id === "number" ? (
                // kept mounted while a change is in flight: these components report their fetcher's outcome.
                // An open edit form takes the whole width of the card, under the address (a phone has no room
                // beside it); Delete follows it.
                <div className="flex flex-wrap items-start gap-2 has-[details[open]]:basis-full">
                  <EditAddress action={action} address={address as AddressDto} countries={countries} />
                  <DeleteAddress action={action} addressId={address.id} street={address.street} />
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <AddAddress action={action} countries={countries} />
    </section>
  );
}

/**
 * Brings the address book's heading into view and gives it the focus (after a save closed the form that held both):
 * a keyboard or screen reader user goes on from the list, not from a form that is gone.
 */
function showAddressBook() {
  requestAnimationFrame(() => {
    const heading = document.getElementById("user-addresses");
    heading?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
  });
}

/** What was typed in the form a refusal sent back (without JavaScript), as the fields' values. */
function typedValues(reply: Reply | undefined): Partial<Omit<AddressDto, "id">> {
  return (reply?.sent?.values ?? {}) as Partial<Omit<AddressDto, "id">>;
}

function AddAddress({ action, countries }: { action: string; countries: CountryOption[] }) {
  const fetcher = useFetcher<Reply>({ key: "address-add" });
  const noJsReply = useActionData<Reply>();
  const [clientId, setClientId] = useState(() => nanoid());
  const [formKey, setFormKey] = useState(0);
  // without JavaScript the page's answer is this form's only when this form was sent
  const noJs = noJsReply && !noJsReply.ok && noJsReply.sent?.intent === "add" ? noJsReply : undefined;
  // a refusal posted before the page ran its scripts opens the form; then the shopper (or a save) closes it
  const [open, setOpen] = useState(Boolean(noJs));
  const reply = fetcher.data ?? noJs;
  const onDone = useCallback((r: Reply) => {
    if (!r.ok) return;
    // cleared and closed after a successful add, and the list shown: the closed form no longer holds the view (on a
    // phone what came after it would)
    setOpen(false);
    setFormKey((k) => k + 1);
    showAddressBook();
  }, []);
  useFetcherOutcome(fetcher, onDone);
  const errors = reply && !reply.ok ? reply.errors : null;
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="mt-4">
      <summary className="btn-primary inline-flex cursor-pointer list-none">Add address</summary>
      <fetcher.Form
        key={formKey}
        method="post"
        action={action}
        id="add-address"
        onSubmit={() => setClientId(nanoid())}
        className="mt-4 rounded-lg border border-slate-200 p-3 sm:p-4"
        aria-label="Add an address"
      >
        <JsMarker />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="clientId" value={clientId} />
        <AddressFields
          idPrefix="new-address"
          name={(f) => f}
          defaults={typedValues(noJs)}
          errors={(f) => errors?.[f] ?? errors?.[`0.${f}`]}
          countries={countries}
        />
        <button type="submit" className="btn-primary">
          Save address
        </button>
      </fetcher.Form>
    </details>
  );
}

function EditAddress({
  action,
  address,
  countries,
}: {
  action: string;
  address: AddressDto;
  countries: CountryOption[];
}) {
  const fetcher = useFetcher<Reply>({ key: `address-edit-${address.id}` });
  const noJsReply = useActionData<Reply>();
  // without JavaScript a refused edit of this address comes back open, with what was typed and the errors
  const noJs =
    noJsReply && !noJsReply.ok && noJsReply.sent?.intent === "edit" && noJsReply.sent.id === String(address.id)
      ? noJsReply
      : undefined;
  // open with that refusal; then the shopper (or a save) closes it, even when the refusal was posted before the
  // page ran its scripts (the page's action data stays until the next navigation)
  const [open, setOpen] = useState(Boolean(noJs));
  const onDone = useCallback((r: Reply) => {
    if (!r.ok) return;
    setOpen(false);
    showAddressBook();
  }, []);
  useFetcherOutcome(fetcher, onDone);
  const reply = fetcher.data ?? noJs;
  const errors = reply && !reply.ok ? reply.errors : null;
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group open:basis-full">
      <summary
        className="btn-secondary cursor-pointer list-none px-3 py-1 text-xs"
        aria-label={`Edit address ${address.street || address.id}`}
      >
        <PencilIcon />
        Edit
      </summary>
      <fetcher.Form
        method="post"
        action={action}
        id={`edit-address-${address.id}`}
        // on a phone the card's own border frames the form: its inputs get the width
        className="mt-3 border-t border-slate-200 pt-3 sm:rounded-lg sm:border sm:p-4"
        aria-label="Edit the address"
      >
        <JsMarker />
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="addressId" value={address.id} />
        <AddressFields
          idPrefix={`address-${address.id}`}
          name={(f) => f}
          defaults={{ ...address, ...typedValues(noJs) }}
          errors={(f) => errors?.[f]}
          countries={countries}
        />
        <button type="submit" className="btn-primary">
          Save changes
        </button>
      </fetcher.Form>
    </details>
  );
}

/** Named by its address, like Edit: a list of "Delete address" buttons tells a screen reader nothing. */
function DeleteAddress({ action, addressId, street }: { action: string; addressId: number; street: string }) {
  const fetcher = useFetcher<Reply>({ key: `address-delete-${addressId}` });
  return (
    <fetcher.Form method="post" action={action}>
      <JsMarker />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="addressId" value={addressId} />
      <button
        type="submit"
        className="btn-secondary px-3 py-1 text-xs text-red-700"
        aria-label={`Delete address ${street || addressId}`}
      >
        <TrashIcon />
        Delete
      </button>
    </fetcher.Form>
  );
}
