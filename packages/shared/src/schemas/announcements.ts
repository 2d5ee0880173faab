import { z } from 'zod';
import { ListMeta, PageQuery, positiveId } from './common';

/** Announcements to members (issue 37 item 3, decision 183). */
export const ANNOUNCEMENT_MESSAGES = {
  saved: 'Announcement saved.',
  scheduled: 'Announcement scheduled.',
  unscheduled: 'Announcement moved back to the drafts.',
  sent: 'Announcement sent.',
  notFound: 'Announcement not found.',
  alreadySent: 'This announcement has already been sent and can no longer be changed.',
  editScheduled: 'This announcement is scheduled: move it back to the drafts to edit it.',
  englishRequired: 'Write the announcement in English; other languages are optional.',
  bodyWithoutTitle: 'Give this language both a title and a text, or leave both empty.',
  countryRequired: 'Choose the country of the members to reach.',
  planRequired: 'Choose the plan whose members to reach.',
  planUnknown: 'This plan does not exist.',
  scheduleInPast: 'Choose a time in the future.',
} as const;
const M = ANNOUNCEMENT_MESSAGES;

export const AnnouncementSegment = z.enum(['all', 'verified', 'with_plan', 'with_loan', 'country', 'plan']);
export type AnnouncementSegment = z.infer<typeof AnnouncementSegment>;
export const AnnouncementStatus = z.enum(['draft', 'scheduled', 'sending', 'sent']);

const title = z.string().trim().max(120);
const body = z.string().trim().max(2000);
const Texts = z.object({ en: title, es: title.optional(), ar: title.optional() });
const Bodies = z.object({ en: body, es: body.optional(), ar: body.optional() });

export const AnnouncementInput = z
  .object({
    title: Texts,
    body: Bodies,
    notice: z.boolean().default(false),
    segment: AnnouncementSegment,
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, M.countryRequired)
      .nullish(),
    plan_id: positiveId().nullish(),
  })
  .superRefine((value, context) => {
    if (!value.title.en)
      context.addIssue({ code: 'custom', path: ['title', 'en'], message: M.englishRequired });
    if (!value.body.en)
      context.addIssue({ code: 'custom', path: ['body', 'en'], message: M.englishRequired });
    for (const language of ['es', 'ar'] as const)
      if (!value.title[language] !== !value.body[language])
        context.addIssue({ code: 'custom', path: ['title', language], message: M.bodyWithoutTitle });
    if (value.segment === 'country' && !value.country)
      context.addIssue({ code: 'custom', path: ['country'], message: M.countryRequired });
    if (value.segment === 'plan' && !value.plan_id)
      context.addIssue({ code: 'custom', path: ['plan_id'], message: M.planRequired });
  });
export type AnnouncementInput = z.input<typeof AnnouncementInput>;

export const AnnouncementScheduleBody = z.object({ at: z.iso.datetime({ offset: true }) });

export const Announcement = z.object({
  id: z.number().int(),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  notice: z.boolean(),
  segment: AnnouncementSegment,
  country: z.string().nullable(),
  plan_id: z.number().int().nullable(),
  status: AnnouncementStatus,
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** Members who received it in the app (the bell) and by mail. */
  recipients: z.number().int(),
  mailed: z.number().int(),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementResponse = z.object({ message: z.string(), announcement: Announcement });
export type AnnouncementResponse = z.infer<typeof AnnouncementResponse>;
export const AnnouncementListQuery = PageQuery;
export const AnnouncementListResponse = z.object({ data: z.array(Announcement), meta: ListMeta });
export type AnnouncementListResponse = z.infer<typeof AnnouncementListResponse>;
/** How many members the segment reaches now (before sending). */
export const AnnouncementAudienceResponse = z.object({ members: z.number().int() });
export type AnnouncementAudienceResponse = z.infer<typeof AnnouncementAudienceResponse>;
