-- What server/src/channels/receipts.sql.ts sends, written by npm run db:types. Do not edit.

-- claimReceipt
insert into
  "channel_receipts" ("key")
values
  ($1)
on conflict do nothing
returning
  "key";

-- claimReceipt
select
  "answer"
from
  "channel_receipts"
where
  "key" = $1;

-- settleReceipt
update "channel_receipts"
set
  "answer" = $1
where
  "key" = $2;

-- dropReceipt
delete from "channel_receipts"
where
  "key" = $1;
