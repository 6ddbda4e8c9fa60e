import { Events, type PublicComplaintBody, publicAttachmentMessages } from '@licensure/contracts';
import { complaints, documents, type Tx } from '@licensure/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { presentDocument } from '../../platform/files/documents';
import { cleanFileName } from '../../platform/files/sniff';
import { AppError, badRequest } from '../../platform/http/errors';
import { decodeDataUrl } from '../documents/data-url';
import { type CheckedFile, storeCheckedFile } from '../documents/store-file';
import { humanCheckOf } from '../public-site/human-check';
import { initialStatusId, takeComplaintNumber } from './complaint-number';
import { checkUploadQuota, takeUploadQuota } from './public-upload-quota';

export const recaptchaFailed = 'The check that you are not a robot did not pass. Try it again.';

const tooMany = (max: number) =>
  new AppError('payload_too_large', publicAttachmentMessages.tooMany(max), {
    documents: publicAttachmentMessages.tooMany(max),
  });
const tooLarge = (maxBytes: number, name: string) =>
  new AppError('payload_too_large', publicAttachmentMessages.tooLarge(maxBytes), {
    documents: `${name}: ${publicAttachmentMessages.tooLarge(maxBytes)}`,
  });
/** The bytes a base64 data URL holds, without decoding it. */
const decodedSize = (value: string) =>
  Math.floor((value.slice(value.indexOf(',') + 1).replace(/[\r\n=]/g, '').length * 3) / 4);

/**
 * POST complaints/file: the public (or a signed-in portal user) files a complaint with its documents.
 * The enterprise's human check must pass (reCAPTCHA, or the local stand-in's single-use answer). The
 * files are held to the public limits (PUBLIC_ATTACHMENT_MAX_FILES of PUBLIC_ATTACHMENT_MAX_BYTES: 413)
 * and to the day's quotas of the address and of everybody (429), checked like any upload and stored
 * first; then the complaint, its documents (waiting for screening) and the quota's count are written in
 * one transaction (the files removed if it fails).
 */
export async function filePublicComplaint(
  app: FastifyInstance,
  request: FastifyRequest,
  body: PublicComplaintBody,
) {
  const { db } = app.deps.database;
  const config = app.deps.config;
  const maxBytes = config.PUBLIC_ATTACHMENT_MAX_BYTES;
  if (body.documents.length > config.PUBLIC_ATTACHMENT_MAX_FILES)
    throw tooMany(config.PUBLIC_ATTACHMENT_MAX_FILES);
  for (const d of body.documents) if (decodedSize(d.value) > maxBytes) throw tooLarge(maxBytes, d.name);
  const incoming = body.documents.reduce((sum, d) => sum + decodedSize(d.value), 0);
  await checkUploadQuota(db, config, request.ip, incoming);

  const check = await humanCheckOf(app, request);
  if (!(await check.verify(body.recaptchaToken ?? '', 'complaint')))
    throw badRequest({ recaptchaToken: recaptchaFailed });

  const stored: { file: CheckedFile; name: string }[] = [];
  try {
    for (const [i, d] of body.documents.entries()) {
      if (!d.value.startsWith('data:'))
        throw badRequest({ [`documents.${i}.value`]: 'Send the file as a data URL.' });
      const { content } = decodeDataUrl(d.value, maxBytes);
      const name = cleanFileName(d.name, 'document');
      stored.push({
        name,
        file: await storeCheckedFile(app.deps.files, content, {
          maxBytes,
          name,
          field: `documents.${i}.value`,
        }),
      });
    }
    const bytes = stored.reduce((sum, s) => sum + s.file.sizeBytes, 0);
    return await db.transaction(async (tx) => {
      await takeUploadQuota(tx, config, request.ip, bytes, stored.length);
      return insertComplaint(tx, request, body, stored);
    });
  } catch (err) {
    for (const s of stored) await app.deps.files.delete(s.file.key);
    throw err;
  }
}

async function insertComplaint(
  tx: Tx,
  request: FastifyRequest,
  body: PublicComplaintBody,
  stored: { file: CheckedFile; name: string }[],
) {
  const enterpriseId = request.enterpriseId;
  const c = body.complaint;
  const portalUser = request.auth && !request.auth.isStaff ? request.auth.userId : null;
  const licence = c.license_number ? `\n\nLicence number given: ${c.license_number}` : '';
  const [row] = await tx
    .insert(complaints)
    .values({
      enterprise_id: enterpriseId,
      number: await takeComplaintNumber(tx, enterpriseId, c.complaint_category_id),
      complaint_category_id: c.complaint_category_id ?? null,
      complaint_status_id: await initialStatusId(tx, enterpriseId),
      subject_name: c.subject_name,
      complainant_user_id: portalUser,
      complainant_first_name: c.complainant_first_name,
      complainant_last_name: c.complainant_last_name,
      complainant_email: c.complainant_email,
      complainant_phone: c.complainant_phone ?? null,
      complainant_address: c.complainant_address ?? null,
      description: `${c.description}${licence}`,
      incident_date: c.incident_date ?? null,
      incident_location: c.incident_location ?? null,
      source: portalUser ? 'portal' : 'public',
      created_by: request.auth?.userId ?? null,
    })
    .returning();
  if (!row) throw new Error('complaint insert returned nothing');
  const actor = actorOf(request);
  await recordChange(tx, actor, { entity: 'complaints', objectId: row.id, action: 'create', after: row });
  await recordEvent(tx, {
    enterpriseId,
    name: Events.complaintReceived,
    entity: 'complaints',
    objectId: row.id,
    actorId: request.auth?.userId ?? null,
    payload: { source: row.source },
  });
  // One transaction gives every row the same now(): a millisecond apart, the files keep the order filed.
  const filedAt = Date.now();
  for (const [i, s] of stored.entries()) {
    const [doc] = await tx
      .insert(documents)
      .values({
        enterprise_id: enterpriseId,
        created_at: new Date(filedAt + i),
        name: s.name,
        complaint_id: row.id,
        from_complaint: true,
        screening: 'pending',
        storage_key: s.file.key,
        mime_type: s.file.mime,
        size_bytes: s.file.sizeBytes,
        sha256: s.file.sha256,
        uploaded_by: request.auth?.userId ?? null,
      })
      .returning();
    if (doc)
      await recordChange(tx, actor, {
        entity: 'documents',
        objectId: doc.id,
        action: 'create',
        after: presentDocument(doc),
      });
  }
  return { number: row.number ?? '', id: row.id };
}
