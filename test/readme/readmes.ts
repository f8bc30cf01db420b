/**
 * The READMEs whose TypeScript snippets are compiled, and the names each one leaves to the reader. Add a README
 * here to have its examples checked; declare only what a reader would have of their own (a client they created,
 * the values of their form), never what the snippet is meant to show.
 */
import type { Ambient } from "./compile.js";

export interface Readme {
  /** Path from the repository root. */
  readonly path: string;
  readonly ambient: readonly Ambient[];
}

const client: Ambient = {
  name: "client",
  declaration:
    'import type { AccountFundsClient } from "@account-funds/client";\ndeclare const client: AccountFundsClient;',
};

export const readmes: readonly Readme[] = [
  { path: "generated/README.md", ambient: [client] },
  {
    path: "validators/README.md",
    ambient: [
      client,
      { name: "formValues", declaration: "/** What the form holds, as typed. */\ndeclare const formValues: unknown;" },
      { name: "body", declaration: "declare const body: unknown;" },
      {
        name: "showErrors",
        declaration:
          'import type { Issue } from "@account-funds/validators";\ndeclare function showErrors(issues: readonly Issue[]): void;',
      },
      {
        name: "showChanges",
        declaration:
          'import type { ValueChange } from "@account-funds/validators";\ndeclare function showChanges(changes: readonly ValueChange[]): void;',
      },
      {
        name: "createOnServer",
        declaration:
          '/** Posts the body to the reader\'s own server, which calls the client. */\ndeclare function createOnServer(body: import("@account-funds/validators").CreateWithdrawalBeneficiaryRequest): Promise<unknown>;',
      },
      { name: "warn", declaration: "declare function warn(rules: readonly string[]): void;" },
      {
        name: "sectors",
        declaration:
          'import type { Sector } from "@account-funds/validators";\ndeclare const sectors: readonly Sector[];',
      },
      {
        name: "additionalInformationRules",
        declaration:
          'import type { RequiredAdditionalInformation } from "@account-funds/validators";\ndeclare const additionalInformationRules: readonly RequiredAdditionalInformation[];',
      },
    ],
  },
];
