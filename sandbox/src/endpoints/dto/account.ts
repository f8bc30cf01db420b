/** AccountDto and EntityDto from their records. Navigation members (Balances, ...) are left out: they are read
 * through their own paths. The account setup is not part of the API's view. */
import type { AccountDto, EntityDto } from "@account-funds/client";
import type { AccountRecord, EntityRecord } from "../../foundation/state/records.js";
import { accountStatuses, statusText } from "../../model/domain/statuses.js";

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

/** EntityDto: the reference shows no field but the key, so the sandbox shows only the key. */
export function toEntityDto(entity: EntityRecord): EntityDto {
  return { Id: entity.Id };
}
