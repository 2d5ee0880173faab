// The help inbox of the back office: members' and visitors' messages, their status and internal
// note, and the replies mailed to the sender (articles, FAQs and their order: help.service.ts).
import type { HelpRequestReplyRow, HelpRequestRow } from '@app/db';
import {
  ADMIN_CONTENT_MESSAGES as M,
  type AdminHelpReply,
  type AdminHelpRequestDetail,
  type AdminHelpRequestListResponse,
  type AdminHelpRequestSummary,
  type AdminHelpRequestUpdate,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { pageMeta } from '../../lib/paging';
import { getSettings } from '../settings/settings.service';
import { auditChange, changedFields, type AdminActor } from './admin-actor';
import { HELP_PAGE_SIZE, type Paged } from './help.service';
import * as repository from './help.repository';

function toSummary(row: HelpRequestRow): AdminHelpRequestSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    excerpt: row.message.length > 160 ? `${row.message.slice(0, 159)}…` : row.message,
    status: row.status,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    updated_at: (row.updatedAt ?? row.createdAt).toISOString(),
  };
}

function toDetail(row: HelpRequestRow, replies: HelpRequestReplyRow[]): AdminHelpRequestDetail {
  return {
    ...toSummary(row),
    message: row.message,
    note: row.note,
    replies: replies.map((reply) => ({
      id: reply.id,
      admin_id: reply.adminId,
      message: reply.message,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}

export async function listHelpRequests(
  deps: AppDeps,
  query: Paged<repository.RequestFilter>,
): Promise<AdminHelpRequestListResponse> {
  const perPage = query.per_page ?? HELP_PAGE_SIZE;
  const { rows, total } = await repository.listRequests(deps.database.db, query, query.page, perPage);
  return { data: rows.map(toSummary), meta: pageMeta(query.page, perPage, total) };
}

export async function getHelpRequest(deps: AppDeps, id: number): Promise<AdminHelpRequestDetail> {
  const { db } = deps.database;
  const row = await repository.findRequest(db, id);
  if (!row) throw AppError.notFound(M.requestNotFound);
  return toDetail(row, await repository.repliesOf(db, id));
}

/** Status and internal note; audited with both before and after. */
export async function updateHelpRequest(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: AdminHelpRequestUpdate,
): Promise<AdminHelpRequestDetail> {
  return deps.database.db.transaction(async (tx) => {
    const current = await repository.findRequest(tx, id, true);
    if (!current) throw AppError.notFound(M.requestNotFound);
    const row = await repository.updateRequest(tx, id, {
      status: input.status ?? current.status,
      note: input.note ?? current.note,
      updatedAt: actor.now,
    });
    const diff = changedFields(
      { status: current.status, note: current.note },
      { status: row.status, note: row.note },
    );
    await auditChange(
      tx,
      actor,
      'help_request.update',
      { type: 'help_request', id },
      diff.before,
      diff.after,
    );
    return toDetail(row, await repository.repliesOf(tx, id));
  });
}

/**
 * Mails a reply to the sender through the mailer (the outbox, then SMTP when configured), keeps it
 * with the request and marks the request answered: one transaction, so a reply is never half-made.
 */
export async function replyToHelpRequest(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: AdminHelpReply,
): Promise<AdminHelpRequestDetail> {
  return deps.database.db.transaction(async (tx) => {
    const current = await repository.findRequest(tx, id, true);
    if (!current) throw AppError.notFound(M.requestNotFound);
    const { sitename } = await getSettings(tx);
    const reply = await repository.insertReply(tx, {
      requestId: id,
      adminId: actor.user.id,
      message: input.message,
      createdAt: actor.now,
    });
    await deps.mailer.send(tx, {
      to: current.email,
      subject: `Re: your message to ${sitename} (#${id})`,
      text: [
        `Hello ${current.name},`,
        '',
        input.message,
        '',
        `— The ${sitename} support team`,
        '',
        `You wrote on ${current.createdAt.toISOString().slice(0, 10)}:`,
        ...current.message.split('\n').map((line) => `> ${line}`),
      ].join('\n'),
    });
    const row = await repository.updateRequest(tx, id, {
      status: current.status === 'closed' ? 'closed' : 'answered',
      updatedAt: actor.now,
    });
    await auditChange(
      tx,
      actor,
      'help_request.reply',
      { type: 'help_request', id },
      { status: current.status },
      { status: row.status, reply_id: reply.id },
    );
    return toDetail(row, await repository.repliesOf(tx, id));
  });
}
