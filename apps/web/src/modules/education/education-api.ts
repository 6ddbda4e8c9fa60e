import type {
  CeAuditInput,
  CeAuditMemberOutput,
  CeAuditOutput,
  CeAuditSummary,
  CourseAttendeeOutput,
  ListResult,
  RejectSelfEnteredOutput,
  TrainingInput,
  TrainingOutput,
  UserLevelProgress,
} from '@licensure/contracts';
import { api, type QueryValue } from '../../platform/api/client';

/** Rows of a reference list as the lookups API answers them. */
export interface RefRow {
  id: string;
  label: string;
}

export interface ServiceUserTrainingRow {
  id: string;
  service_id: string;
  service_name: string | null;
  user_id: string;
  user_name: string | null;
  training_id: string;
  training_name: string | null;
  reimburse: boolean;
  amount_cents: number;
  reimbursed_at: string | null;
  note: string | null;
}
export interface LongevityRow {
  id: string;
  service_id: string;
  service_name: string | null;
  user_id: string;
  user_name: string | null;
  years: number;
  start_date: string | null;
  end_date: string | null;
  amount_cents: number;
  approve: boolean;
  redeemed_at: string | null;
}
export interface Reimbursement {
  service_id: string;
  items: ServiceUserTrainingRow[];
  total_cents: number;
  reimbursable_cents: number;
}

export const educationKeys = {
  all: ['education'] as const,
  courses: (query: Record<string, QueryValue>) => ['education', 'courses', query] as const,
  course: (id: string) => ['education', 'course', id] as const,
  roster: (id: string) => ['education', 'roster', id] as const,
  mine: (userId: string) => ['education', 'mine', userId] as const,
  progress: (userId: string, typeId: string) => ['education', 'progress', userId, typeId] as const,
  refs: (path: string) => ['education', 'refs', path] as const,
  audits: ['education', 'audits'] as const,
  audit: (id: string) => ['education', 'audit', id] as const,
  myAudits: ['education', 'my-audits'] as const,
  longevity: (query: Record<string, QueryValue>) => ['education', 'longevity', query] as const,
  reimbursement: (serviceId: string) => ['education', 'reimbursement', serviceId] as const,
};

const json = (signal?: AbortSignal) => ({ signal });

export const educationApi = {
  courses: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ListResult<TrainingOutput>>('/api/trainings', { query, signal }),
  course: (id: string, signal?: AbortSignal) => api.get<TrainingOutput>(`/api/trainings/${id}`, json(signal)),
  createCourse: (training: Partial<TrainingInput>) =>
    api.post<TrainingOutput>('/api/trainings', { training }),
  updateCourse: (id: string, training: Partial<TrainingInput>) =>
    api.put<TrainingOutput>(`/api/trainings/${id}`, { training }),
  rejectSelfEntered: (id: string, reason: string) =>
    api.post<RejectSelfEnteredOutput>(`/api/EducationModule/RejectSelfEnteredCourse/${id}`, { reason }),
  roster: (trainingId: string, signal?: AbortSignal) =>
    api.get<ListResult<CourseAttendeeOutput>>('/api/EducationModule/CourseAttendees', {
      query: { training_id: trainingId, numPerPage: 500 },
      signal,
    }),
  myAttendance: (userId: string, signal?: AbortSignal) =>
    api.get<ListResult<CourseAttendeeOutput>>('/api/EducationModule/CourseAttendees', {
      query: { user_id: userId, numPerPage: 500, sortBy: 'start_date', reverse: true },
      signal,
    }),
  enrol: (trainingId: string, userId: string) =>
    api.post<CourseAttendeeOutput>('/api/EducationModule/CourseAttendees', {
      course_attendee: { training_id: trainingId, user_id: userId },
    }),
  complete: (a: CourseAttendeeOutput, statusId: string, completedOn: string) =>
    api.put<CourseAttendeeOutput>(`/api/EducationModule/CourseAttendees/${a.id}`, {
      course_attendee: {
        training_id: a.training_id,
        user_id: a.user_id,
        attendee_status_id: statusId,
        completed_on: completedOn,
      },
    }),
  bulkRemove: (trainingId: string, attendeeIDs: string[], reason: string) =>
    api.post<{ removed: string[]; count: number }>(`/api/EducationModule/BulkRemoveAttendees/${trainingId}`, {
      attendeeIDs,
      reason,
    }),
  progress: (userId: string, applicationTypeId: string, signal?: AbortSignal) =>
    api.get<UserLevelProgress>('/api/UserLevelProgressByApplicationType', {
      query: { user_id: userId, application_type_id: applicationTypeId },
      signal,
    }),
  refs: (path: string, signal?: AbortSignal) =>
    api.get<ListResult<RefRow>>(`/api/${path}`, { query: { numPerPage: 500 }, signal }),
  audits: (signal?: AbortSignal) => api.get<CeAuditSummary[]>('/api/EducationModule/CeAudits', json(signal)),
  audit: (id: string, signal?: AbortSignal) =>
    api.get<CeAuditOutput>(`/api/EducationModule/CeAudits/${id}`, json(signal)),
  drawAudit: (input: CeAuditInput) => api.post<CeAuditOutput>('/api/EducationModule/CeAudits', input),
  decide: (
    memberId: string,
    body: { status: 'accepted' | 'deficient'; note?: string; open_complaint?: boolean },
  ) => api.post<CeAuditMemberOutput>(`/api/EducationModule/CeAuditMembers/${memberId}/decision`, body),
  myAudits: (signal?: AbortSignal) =>
    api.get<CeAuditMemberOutput[]>('/api/EducationModule/MyCeAudits', json(signal)),
  sendProof: (memberId: string, documentId: string, note: string) =>
    api.post<CeAuditMemberOutput>(`/api/EducationModule/CeAuditMembers/${memberId}/proof`, {
      document_id: documentId,
      note: note || null,
    }),
  longevities: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ListResult<LongevityRow>>('/api/ServiceUserLongevities', { query, signal }),
  redeem: (userId: string) =>
    api.post<{ redeemed: number; credit_cents: number }>('/api/ServiceUserLongevities/ManualRedemption', {
      user_id: userId,
    }),
  reimbursement: (serviceId: string, signal?: AbortSignal) =>
    api.get<Reimbursement>('/api/TrainingUsersReimbursement', { query: { service_id: serviceId }, signal }),
};

/** Hours as text: "6", "1.5". */
export const hoursText = (n: number) => String(Number(n.toFixed(2)));
export const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
export const todayIso = () => new Date().toISOString().slice(0, 10);
