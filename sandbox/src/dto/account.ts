/** AccountDto and EntityDto from their records. Navigation members (Balances, ...) are left out: they are read
 * through their own paths. The account setup is not part of the API's view. */
import type { AccountRecord, EntityRecord } from "../state/records.js";
import { accountStatuses, statusText } from "../domain/statuses.js";

export interface AccountDto {
  readonly Id: number;
  readonly EntityId: number;
  readonly Name: string;
  readonly AccountNumber: string;
  readonly StatusCode: string;
  readonly Status: string;
}

/** EntityDto: the reference shows no field but the key, so the sandbox shows only the key. */
export interface EntityDto {
  readonly Id: number;
}

export function toAccountDto(account: AccountRecord): AccountDto {
  return {
    Id: account.Id,
    EntityId: account.EntityId,
    Name: account.Name,
    AccountNumber: account.AccountNumber,
    StatusCode: account.StatusCode,
    Status: statusText(accountStatuses, account.StatusCode),
  };
}

export function toEntityDto(entity: EntityRecord): EntityDto {
  return { Id: entity.Id };
}
