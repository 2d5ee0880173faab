-- Decision 229: a mail's body is not kept once its delivery has ended (sent or failed). The mails
-- delivered before this release lose theirs here; the rows keep the address, subject and dates.
UPDATE "mail_outbox" SET "text" = '', "html" = NULL
WHERE "status" IN ('sent', 'failed') AND ("text" <> '' OR "html" IS NOT NULL);
