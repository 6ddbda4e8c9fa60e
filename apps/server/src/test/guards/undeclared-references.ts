// Ids that write routes take without declaring them as references (config.refs, a resource's refs or
// nestedRefs): each with why that is safe. The guard fails on any id of a write route that is neither
// declared, nor a scoped look-up below, nor listed here with its reason.
import { licenseScheduledTasks } from '@licensure/db';
import type { RefTarget } from '../../platform/resources/types';

/**
 * Ids a handler looks up in the caller's enterprise itself, answering `status` (404: the record, or 400
 * naming the field) the same for another enterprise's id as for a made-up one, before anything is
 * stored. The cross-enterprise walker sends each the other enterprise's id and holds it to that.
 */
export const scopedLookups: Record<string, { ref: string | RefTarget; status: 400 | 404; why: string }> = {
  // Licence requests: loaded by visibleRequest (request-access.ts:29-36) or through it.
  ...Object.fromEntries(
    [
      'approve',
      'deny',
      'return',
      'requestInfo',
      'answerInfo',
      'withdraw',
      'notes',
      'checkout',
      'assign',
      'submit',
      'setCurrentTriggerCount',
    ].map((action) => [
      `POST /api/LicenseRequests/${action} licenseRequestID`,
      {
        ref: 'licenserequests',
        status: 404 as const,
        why: 'visibleRequest, applicantsRequest or changeableRequest: request-access.ts:29-36',
      },
    ]),
  ),
  'POST /api/LicenseRequests/assign user_id': {
    ref: 'users',
    status: 400,
    why: "one of the enterprise's reviewers, with the spec's message: licensing/assign-request.ts:56-57",
  },
  'POST /api/LicenseRequests/saveApplicationTypeID licenseRequestID': {
    ref: 'licenserequests',
    status: 404,
    why: 'visibleRequest: responses/application-type.ts',
  },
  'POST /api/licenserequestprocessstatuses/processchange licenseRequestID': {
    ref: 'licenserequests',
    status: 404,
    why: 'visibleRequest: licensing/review-routes.ts:125',
  },
  'POST /api/LicensingModule/CalculatedValue license_request_id': {
    ref: 'licenserequests',
    status: 404,
    why: 'visibleRequest: request-parts-routes.ts:73',
  },
  'POST /api/LicensingModule/CalculatedValue license_charge_id': {
    ref: 'license_charges',
    status: 404,
    why: "a charge of the request's licence: request-parts-routes.ts:82-89",
  },
  'POST /api/LicenseRequestApplicationTypes/clearElement license_request_id': {
    ref: 'licenserequests',
    status: 404,
    why: 'visibleRequest: request-parts-routes.ts:114',
  },
  'POST /api/LicenseRequestSupplementalTrainingTrainings/clearElement license_request_id': {
    ref: 'licenserequests',
    status: 404,
    why: 'visibleRequest: request-parts-routes.ts:114',
  },
  'POST /api/EducationModule/LogSupplementalDates license_request_id': {
    ref: 'licenserequests',
    status: 404,
    why: 'visibleRequest: request-parts-routes.ts:162',
  },

  'POST /api/fbresponses/reopen responseID': {
    ref: 'fbresponses',
    status: 404,
    why: 'loadResponseFor: responses/access.ts',
  },
  'POST /api/fbresponses/clearsignatures responseID': {
    ref: 'fbresponses',
    status: 404,
    why: 'loadResponseFor: responses/clear-signatures.ts',
  },
  'POST /api/fbresponses/generatepdf responseID': {
    ref: 'fbresponses',
    status: 404,
    why: 'loadResponseFor: responses/generate-pdf.ts',
  },
  'POST /api/fbresponses response.form_id': {
    ref: 'fbforms',
    status: 404,
    why: 'loadForm in the enterprise, 404 form: responses/save-response.ts openNew',
  },
  'POST /api/ServiceUserLongevities/ManualRedemption user_id': {
    ref: 'users',
    status: 404,
    why: 'the person loaded in the enterprise before anything is redeemed: education/education-routes.ts ManualRedemption',
  },
  'POST /api/ExamSessions/:id/Documents document_id': {
    ref: 'documents',
    status: 404,
    why: 'the document loaded in the enterprise (404) before it is attached: exams/session-documents.ts',
  },
  'POST /api/viewedlicenses license_id': {
    ref: 'licenses',
    status: 404,
    why: 'the licence loaded in the enterprise (404) before the view is kept: licensing/license-routes.ts viewedlicenses',
  },
  'POST /api/Logger/LogAccess user_id': {
    ref: 'users',
    status: 404,
    why: 'loadReadablePerson: logging/index.ts:143',
  },
  'POST /api/Logger/LogFormProgress fb_response_id': {
    ref: 'fbresponses',
    status: 404,
    why: 'loadResponseFor: logging/index.ts:167',
  },
  'POST /api/users/saveemail user_id': {
    ref: 'users',
    status: 404,
    why: 'the person loaded in the enterprise: users/email-routes.ts:70-76',
  },
  'POST /api/Documents/LogDocumentAccess document_id': {
    ref: 'documents',
    status: 404,
    why: 'loadDocument (enterprise and row rules): documents/read-routes.ts:96',
  },
  'POST /api/Documents/createDocumentObject documentID': {
    ref: 'documents',
    status: 404,
    why: 'loadDocument: documents/attach-object.ts',
  },
  'POST /api/Documents/createDocumentObject value': {
    ref: 'users',
    status: 400,
    why: 'a record of the enterprise of the kind named (every kind has its table): attach-object.ts requireRecord',
  },
  'PUT /api/Documents/:id document.data_object_id': {
    ref: 'licenserequests',
    status: 400,
    why: "a record of the document's kind in the enterprise: attach-object.ts requireDataObject",
  },
  'POST /api/Documents document.data_object_id': {
    ref: 'licenserequests',
    status: 400,
    why: 'a new document has no kind: refused (attach-object.ts requireDataObject)',
  },
  'POST /api/fbforms/saveAccess form_id': {
    ref: 'fbforms',
    status: 404,
    why: 'the form loaded in the enterprise: forms/form-settings-routes.ts:68',
  },
  'POST /api/fbforms/createview formID': {
    ref: 'fbforms',
    status: 404,
    why: 'the form loaded in the enterprise: forms/form-settings-routes.ts:96',
  },
  'PUT /api/fbforms/updateFormResponseDocumentTypeHistorically FormId': {
    ref: 'fbforms',
    status: 404,
    why: 'the form loaded in the enterprise: forms/form-settings-routes.ts:146',
  },
  'POST /api/IPChecklists/generatepdf inspectionID': {
    ref: 'ip_inspections',
    status: 404,
    why: 'the inspection loaded through its writer (enterprise): inspections/inspection-report.ts',
  },

  'POST /api/Complaints/bulkAction complaintIDs[]': {
    ref: 'complaints',
    status: 404,
    why: "the engine's batch reaches rows of the enterprise only: platform/resources/write.ts batch",
  },
  'POST /api/EXSkill/BatchActive examSkillIDs[]': {
    ref: 'ex_skills',
    status: 404,
    why: "the engine's batch reaches rows of the enterprise only",
  },
  'POST /api/EXSkill/BatchCritical examSkillIDs[]': {
    ref: 'ex_skills',
    status: 404,
    why: "the engine's batch reaches rows of the enterprise only",
  },
  'POST /api/EXSkill/BatchCategory examSkillIDs[]': {
    ref: 'ex_skills',
    status: 404,
    why: "the engine's batch reaches rows of the enterprise only",
  },
  'POST /api/UpdateExamFormStatuses examFormIDs[]': {
    ref: 'ex_forms',
    status: 404,
    why: "the engine's batch reaches rows of the enterprise only",
  },
  'POST /api/exams/copyForm copyID': {
    ref: 'ex_forms',
    status: 404,
    why: 'the exam form loaded in the enterprise: exams/exam-routes.ts:41',
  },
  'POST /api/EducationModule/BulkRemoveAttendees/:id attendeeIDs[]': {
    ref: 'users',
    status: 404,
    why: "attendees of the enterprise's course only: education/bulk-remove.ts:29-33",
  },
  'POST /api/directPayment payment.items[]': {
    ref: 'licenserequests',
    status: 404,
    why: 'basketRequests: payments/basket.ts:41-47',
  },

  'POST /api/preSaveCyberSource args.items[]': {
    ref: 'licenserequests',
    status: 404,
    why: 'basketRequests: payments/basket.ts:41-47',
  },
  'POST /api/licenseScheduledTasks/run scheduled_task_id': {
    ref: { table: licenseScheduledTasks, what: 'scheduled task' },
    status: 404,
    why: 'the task loaded in the enterprise: scheduled-tasks/task-routes.ts:87',
  },
  'POST /api/triggers/fire object_id': {
    ref: 'users',
    status: 404,
    why: 'loadSubject in the enterprise: triggers/fire-by-hand.ts:24',
  },
  'POST /api/TGTriggers/fire object_id': {
    ref: 'users',
    status: 404,
    why: 'loadSubject in the enterprise: triggers/fire-by-hand.ts:24',
  },
};

const inTree =
  'names a question or group of the submitted tree itself (new ones included), else 400: forms/validate-tree.ts';
const ownCategory =
  'a category of this licence (its own, new ones of the same body included), else 400: licensing/license-store.ts:150-158';
const searchFilters = Object.fromEntries(
  [
    'certification_level_id',
    'classification_id',
    'permit_level_id',
    'primary_level_id',
    'training_level_ids[]',
  ].map((f) => [f, "a search filter over the enterprise's own services: nothing is stored"]),
);
const formTree = {
  'form.conditions[].source_question_id': inTree,
  'form.conditions[].target_group_id': inTree,
  'form.conditions[].target_question_id': inTree,
  'form.reimbursement_rules[].question_id': inTree,
};
const questionOfVersion =
  "answers to questions outside the form's version are dropped, not stored: responses/save-response.ts";
const licenceCategories = {
  'license_category_certification_attributes[].license_category_id': ownCategory,
  'license_category_certification_statuses[].license_category_id': ownCategory,
  'license_category_levels[].license_category_id': ownCategory,
};
const taskOfEnterprise = 'the task loaded in the enterprise (404): scheduled-tasks/save-criteria.ts:21-33';
const elementRequest =
  "checked per element in the enterprise; an element naming another enterprise's request is skipped, not stored: education/save-elements.ts:19-24,57-73";
const carriedAnswers = {
  'checklist.answers[].question_id': questionOfVersion,
  'inspection.checklist.answers[].question_id': questionOfVersion,
};

/** Ids not declared and not walked, each with why nothing of another enterprise can be stored. */
export const undeclared: Record<string, Record<string, string>> = {
  'POST /api/recaptchaTokenResponse': {
    enterpriseId:
      "names which enterprise's reCAPTCHA settings verify a token (public, as the spec has it): nothing is stored",
  },
  'POST /api/users/userpasswordhistory/check': {
    user_id:
      'personOf in the enterprise (404) before anything is read; nothing is stored: users/password-routes.ts:74',
  },
  'POST /api/services/search': searchFilters,
  'POST /api/PublicLookupService': searchFilters,
  'POST /api/getservicelookupcount': searchFilters,
  'POST /api/Core/Zip': {
    'documentIds[]':
      "a read: each document is loaded with the caller's document rules in the enterprise (404)",
  },
  'POST /api/Core/Correspondence/Zip': {
    'correspondenceIds[]': "a read of the enterprise's sends only: correspondence/zip-correspondence.ts",
  },
  'POST /api/fbforms': formTree,
  'PUT /api/fbforms/:id': formTree,
  'PUT /api/fbforms/updateFormResponseDocumentTypeHistorically': {
    DocumentTypeId:
      'a document type of the enterprise (400) after the form is loaded in it: forms/form-settings-routes.ts:157-166',
  },
  'POST /api/fbresponses': { 'response.questions[].question_id': questionOfVersion },
  'PUT /api/fbresponses/:id': {
    'response.form_id':
      "must be the stored response's form (400 otherwise): responses/save-response.ts openExisting",
    'response.questions[].question_id': questionOfVersion,
  },
  'POST /api/fbresponses/reopen': {
    licenseRequestID:
      'must be the request the response belongs to (400 otherwise), after the response is loaded: reopen-response.ts:23',
  },
  'POST /api/fbresponses/GetServiceApplicationVehicles': {
    'licenseRequestIDs[]': "a read of the enterprise's requests only: responses/service-vehicles.ts",
  },
  'POST /api/users/query': {
    'licenseRuleIds[]': 'a read: the rules are loaded in the enterprise (licensing/rule-routes.ts:25)',
  },
  'POST /api/licenses': licenceCategories,
  'PUT /api/licenses/:id': licenceCategories,
  'POST /api/Correspondences': {
    'userDocumentIDs[]':
      'live documents of the enterprise the caller may read, of the recipients, else 400 naming userDocumentIDs (and the document ids): correspondence/check-documents.ts:18-36',
    'to[]':
      "people's ids or addresses: an id is resolved to a person of the enterprise only, another's reaches no one and is not kept (correspondence/resolve-recipients.ts:22-39)",
    mergeEntityID:
      "the merged record, of mergeObject's kind, loaded in the enterprise (404) before the send is stored: merge/load-merge-values.ts:150-151",
  },
  'POST /api/licenseScheduledTasks/getCertifications': {
    'certsArray[]': "a read of the enterprise's credentials only: scheduled-tasks/task-routes.ts:44",
  },
  'POST /api/licenseScheduledTasks/saveStatuses': { license_scheduled_task_id: taskOfEnterprise },
  'POST /api/licenseScheduledTasks/saveLevels': { license_scheduled_task_id: taskOfEnterprise },
  'POST /api/Complaints/bulkAction': {
    value:
      "set through the engine's batch write, whose refs check it as the field the code sets (complaints.resources.ts:124-130)",
  },
  'POST /api/IPInspections/bulkAction': {
    'inspectionIDs[]':
      "the engine's batch reaches rows of the enterprise only (404): platform/resources/write.ts batch",
  },
  'POST /api/elavon/pay': {
    'payment.items[]': 'basketRequests (payments/basket.ts:41-47, 404), as directPayment (walked)',
  },
  'POST /api/ServiceUserLongevities/saveElement': { license_request_id: elementRequest },
  'POST /api/ServiceUserTrainings/saveElement': { license_request_id: elementRequest },
  'POST /api/IPInspections': carriedAnswers,
  'PUT /api/IPInspections/:id': carriedAnswers,
  'POST /api/IPChecklists/generatepdf': {
    checklistID:
      'not read: the handler renders the report of inspectionID only (inspection-routes.ts generatepdf)',
    visitID:
      'not read: the handler renders the report of inspectionID only (inspection-routes.ts generatepdf)',
  },
  'POST /api/IPVisits/:id/sync': Object.fromEntries(
    [
      'changes[].answers[].document_id',
      'changes[].answers[].question_id',
      'changes[].checklist.form_id',
      'changes[].checklist.inspection_id',
      'changes[].checklist.response_id',
      'changes[].comment.inspection_id',
      'changes[].inspection.deficiencies[].ip_deficiency_category_id',
      'changes[].inspection.deficiencies[].ip_deficiency_id',
      'changes[].inspection.deficiencies[].photo_document_ids[]',
      'changes[].inspection.fees[].ip_extra_fee_id',
      'changes[].inspection.inspector_id',
      'changes[].inspection.ip_status_id',
      'changes[].inspection.ip_template_id',
      'changes[].inspection.service_id',
      'changes[].inspection.vehicle_id',
      'changes[].inspection.visit_id',
      'changes[].inspection_id',
    ].map((path) => [
      path,
      "each change goes through the inspection, checklist or comment writer, whose refs (and the inspection hook's deficiencyRefs) check it: a refused change is answered as an error result, not stored (visit-sync.ts)",
    ]),
  ),
  'POST /api/ServiceInspections/:id/corrections': {
    'correction.deficiency_id':
      'a deficiency of the inspection in the path (400), the inspection loaded in the enterprise first: inspections/corrections.ts:32-43',
  },
  'POST /api/ExamPackets/UpdateStatuses': {
    'examPacketIDs[]':
      "the engine's batch reaches rows of the enterprise only (404): platform/resources/write.ts batch",
  },
  'PUT /api/ExamSessions/:id/Candidates/:candidateId/Forms/:examFormId': {
    'answers[].document_id':
      'answers are saved through saveResponse, which takes documents of the enterprise only (responses/save-response.ts checkDocuments)',
    'answers[].question_id':
      "answers to questions outside the exam form's version are dropped, not stored (save-response.ts)",
  },
  'POST /api/public/firedrill/drills': {
    'drill.school_id':
      "an active school of the enterprise, 400 with the spec's message: public-site/drill-values.ts:20-26",
  },
};
