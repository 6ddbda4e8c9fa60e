import {
  bulkRemoveAttendeesInput,
  bulkRemoveAttendeesOutput,
  courseUserSummaryOutput,
  failedPrerequisitesOutput,
  manualRedemptionInput,
  manualRedemptionOutput,
  progressQuery,
  reimbursementOutput,
  rejectSelfEnteredBody,
  rejectSelfEnteredOutput,
  saveElementOutput,
  saveLongevitiesInput,
  saveTrainingsInput,
  serviceQuery,
  userLevelProgressOutput,
  userQuery,
  verificationDatesOutput,
  verifySelfEnteredOutput,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { policyContext, requirePolicy, selfOrPermission } from '../../platform/permissions/policies';
import { bulkRemoveAttendees } from './bulk-remove';
import { courseUserSummary } from './course-summary';
import { educationReaders } from './courses.resources';
import { manualRedemption } from './manual-redemption';
import { failedPrerequisites } from './prerequisites';
import { trainingUsersReimbursement } from './reimbursement-totals';
import { rejectSelfEnteredCourse } from './reject-self-entered';
import { saveElements } from './save-elements';
import { progressTowardRenewal } from './user-progress';
import { verificationDates } from './verification-dates';
import { verifySelfEnteredCourse } from './verify-self-entered';

const tags = ['education'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });

/** A person's education is theirs and staff's who read education: anyone else is told it is not found. */
const personsEducation = selfOrPermission(educationReaders, 'not_found');

/** Education operations beyond CRUD: progress, prerequisites, transcripts, bulk removal, longevity, reimbursement. */
export async function educationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/UserLevelProgressByApplicationType', {
    config: { access: personsEducation },
    schema: {
      tags,
      summary:
        'CE hours by topic required for the application type against those earned in the cycle, with courses that would cover the rest',
      querystring: progressQuery,
      response: { 200: userLevelProgressOutput },
    },
    handler: async (request) => {
      await requirePolicy(personsEducation, policyContext(request), request.query.user_id, 'person');
      const p = await progressTowardRenewal(
        db,
        request.enterpriseId,
        request.query.user_id,
        request.query.application_type_id,
      );
      if (!p) throw notFound('application type');
      return p;
    },
  });

  r.get('/api/EducationVerificationDates', {
    config: { access: personsEducation },
    schema: {
      tags,
      summary: "The cycle in which education counts toward renewing each of a person's credentials",
      querystring: userQuery,
      response: { 200: verificationDatesOutput },
    },
    handler: async (request) => {
      await requirePolicy(personsEducation, policyContext(request), request.query.user_id, 'person');
      return verificationDates(db, request.enterpriseId, request.query.user_id);
    },
  });

  r.get('/api/EducationModule/CourseAttendeeFailedPreReqs/:courseId/:userId', {
    config: { access: personsEducation },
    schema: {
      tags,
      summary: 'The prerequisites of a course a person has not completed, each named',
      params: z.object({ courseId: uuid('courseId'), userId: uuid('userId') }),
      response: { 200: failedPrerequisitesOutput },
    },
    handler: async (request) => {
      const { courseId, userId } = request.params;
      await requirePolicy(personsEducation, policyContext(request), userId, 'person');
      const failed = await failedPrerequisites(db, request.enterpriseId, courseId, userId);
      return { training_id: courseId, user_id: userId, met: failed.length === 0, failed };
    },
  });

  r.get('/api/EducationModule/CourseUserSummary', {
    config: { access: personsEducation },
    schema: {
      tags,
      summary: "A person's courses, completions and hours by topic",
      querystring: userQuery,
      response: { 200: courseUserSummaryOutput },
    },
    handler: async (request) => {
      await requirePolicy(personsEducation, policyContext(request), request.query.user_id, 'person');
      return courseUserSummary(db, request.enterpriseId, request.query.user_id);
    },
  });

  r.post('/api/EducationModule/BulkRemoveAttendees/:id', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary: 'Remove several attendees of a course (kept, marked deleted with the reason)',
      params: z.object({ id: uuid('id') }),
      body: bulkRemoveAttendeesInput,
      response: { 200: bulkRemoveAttendeesOutput },
    },
    handler: async (request) => {
      const reason = request.body.reason ?? 'Removed from the roster';
      const removed = await bulkRemoveAttendees(
        db,
        request,
        request.params.id,
        request.body.attendeeIDs,
        reason,
      );
      return { removed, count: removed.length };
    },
  });

  r.post('/api/EducationModule/VerifySelfEnteredCourse/:id', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary: 'Verify a course a person entered themselves and credit them with its completion',
      params: z.object({ id: uuid('id') }),
      response: { 200: verifySelfEnteredOutput },
    },
    handler: (request) => verifySelfEnteredCourse(db, request, request.params.id),
  });

  r.post('/api/EducationModule/RejectSelfEnteredCourse/:id', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary: 'Reject a course a person entered themselves, with a reason the person is sent',
      params: z.object({ id: uuid('id') }),
      body: rejectSelfEnteredBody,
      response: { 200: rejectSelfEnteredOutput },
    },
    handler: (request) =>
      rejectSelfEnteredCourse(db, app.deps.jobs, request, request.params.id, request.body.reason),
  });

  r.get('/api/TrainingUsersReimbursement', {
    config: { access: 'education.read' },
    schema: {
      tags,
      summary: "A service's people's courses to be reimbursed, with the totals",
      querystring: serviceQuery,
      response: { 200: reimbursementOutput },
    },
    handler: (request) => trainingUsersReimbursement(db, request.enterpriseId, request.query.service_id),
  });

  r.post('/api/ServiceUserLongevities/ManualRedemption', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary: "Redeem a person's approved longevity records as credits",
      body: manualRedemptionInput,
      response: { 200: manualRedemptionOutput },
    },
    handler: (request) => manualRedemption(db, request, request.body.user_id),
  });

  r.post('/api/ServiceUserLongevities/saveElement', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary:
        'Save longevity elements: only approved ones with all their ids; the answer names those skipped',
      body: saveLongevitiesInput,
      response: { 200: saveElementOutput },
    },
    handler: (request) =>
      saveElements(
        db,
        request,
        'longevity',
        request.body.service_user_longevities,
        request.body.license_request_id,
      ),
  });

  r.post('/api/ServiceUserTrainings/saveElement', {
    config: { access: 'education.write' },
    schema: {
      tags,
      summary:
        'Save training elements: only reimbursable ones with all their ids; the answer names those skipped',
      body: saveTrainingsInput,
      response: { 200: saveElementOutput },
    },
    handler: (request) =>
      saveElements(
        db,
        request,
        'training',
        request.body.service_user_trainings,
        request.body.license_request_id,
      ),
  });
}
