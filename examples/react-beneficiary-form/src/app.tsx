/** The page: loads what the form needs from the server (the user's accounts, the sectors), then shows the form. */
import { useEffect, useState, type ReactNode } from "react";
import { loadContext, type FormContext } from "./api.js";
import { BeneficiaryForm } from "./beneficiary-form.js";

export function App(): ReactNode {
  const [context, setContext] = useState<FormContext | Error | undefined>();
  useEffect(() => {
    loadContext().then(setContext, (error: unknown) =>
      setContext(error instanceof Error ? error : new Error(String(error))),
    );
  }, []);
  return (
    <main>
      <h1>New beneficiary</h1>
      {context === undefined ? <p>Loading…</p> : null}
      {context instanceof Error ? <p role="alert">{context.message}</p> : null}
      {context !== undefined && !(context instanceof Error) ? <BeneficiaryForm context={context} /> : null}
    </main>
  );
}
