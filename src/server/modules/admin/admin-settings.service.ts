import { DEFAULT_EMAIL_TEMPLATES, EMAIL_KIND_INFO, EMAIL_KINDS, isEmailKind, type EmailTemplate } from '../../../common/email-templates';
import type { AdminSettingsInput, EmailTemplateSetting } from '../../../common/schemas/admin-settings';
import type { AppContext } from '../../context';
import { transaction } from '../../unit-of-work';
import type { SettingsRow } from '../settings/settings.repo';
import { lockSettings, updateSettings } from './admin-settings.repo';
import { appendAudit } from '../../audit/audit.repo';

type Templates = Record<string, EmailTemplate>;

/** Every e-mail with the text in force: the admin's override, or the default (isDefault). */
export function presentEmailTemplates(overrides: Templates | null | undefined): EmailTemplateSetting[] {
  return EMAIL_KINDS.map((kind) => {
    const override = overrides?.[kind];
    const { subject, body } = override ?? DEFAULT_EMAIL_TEMPLATES[kind];
    return { kind, label: EMAIL_KIND_INFO[kind].label, subject, body, placeholders: [...EMAIL_KIND_INFO[kind].placeholders], isDefault: !override };
  });
}

const isDefaultText = (kind: keyof typeof DEFAULT_EMAIL_TEMPLATES, t: EmailTemplate) =>
  t.subject === DEFAULT_EMAIL_TEMPLATES[kind].subject && t.body === DEFAULT_EMAIL_TEMPLATES[kind].body;

/**
 * The stored overrides after a change: only the kinds sent move; null, or the default's own text, removes the
 * override (the e-mail follows the default from then on). Kinds not sent, and any stored key we no longer send, stay.
 */
function mergeTemplates(current: Templates, changes: NonNullable<AdminSettingsInput['emailTemplates']>) {
  const next: Templates = { ...current };
  const audit: Record<string, { from: EmailTemplate | null; to: EmailTemplate | null }> = {};
  for (const [kind, template] of Object.entries(changes)) {
    if (!isEmailKind(kind) || template === undefined) continue;
    const to = template && !isDefaultText(kind, template) ? { subject: template.subject, body: template.body } : null;
    const from = current[kind] ?? null;
    if (to) next[kind] = to;
    else delete next[kind];
    if (JSON.stringify(from) !== JSON.stringify(to)) audit[kind] = { from, to };
  }
  return { next, audit };
}

/**
 * PATCH /api/admin/settings: any subset, in one transaction with its audit entry (RULES.md 6). A change applies to
 * requests submitted afterwards (each request keeps the terms copied at submit) and to e-mails sent afterwards.
 */
export async function updatePlatformSettings(ctx: AppContext, adminId: string, input: AdminSettingsInput): Promise<SettingsRow> {
  const now = ctx.clock.now();
  const { emailTemplates, ...changes } = input;
  return transaction(ctx, async (tx) => {
    const before = await lockSettings(tx);
    const templates = emailTemplates ? mergeTemplates(before.emailTemplates ?? {}, emailTemplates) : null;
    const updated = await updateSettings(tx, { ...changes, ...(templates && { emailTemplates: templates.next }), updatedAt: now });
    // Only what changed: a form may send a value as it was, which is no change to record.
    const details: Record<string, unknown> = Object.fromEntries(
      Object.keys(changes)
        .map((k) => [k, { from: before[k as keyof SettingsRow] ?? null, to: updated[k as keyof SettingsRow] ?? null }] as const)
        .filter(([, { from, to }]) => JSON.stringify(from) !== JSON.stringify(to)),
    );
    // Per e-mail changed, the text it had and has (null = the default), rather than every template twice.
    if (templates && Object.keys(templates.audit).length) details.emailTemplates = templates.audit;
    if (Object.keys(details).length) await appendAudit(tx, { actorId: adminId, action: 'settings.update', targetType: 'settings', details, at: now });
    return updated;
  });
}
