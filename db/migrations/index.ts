import type { Migration } from "kysely";
import * as publicSite from "./2026-11-21-01-public-site";
import * as usersSessions from "./2026-11-21-02-users-sessions";
import * as auth from "./2026-11-21-05-auth";
import * as adminTables from "./2026-11-21-06-admin-tables";
import * as outboxMessageId from "./2026-11-22-01-outbox-message-id";
import * as leads from "./2026-11-23-01-leads";
import * as siteSettings from "./2026-11-23-02-site-settings";
import * as servicesCareGuideSlugs from "./2026-11-23-03-services-care-guide-slugs";
import * as galleryImages from "./2026-11-23-04-gallery-images";
import * as trashHistory from "./2026-11-24-01-trash-history";
import * as uploads from "./2026-11-24-02-uploads";
import * as apiTokens from "./2026-11-24-03-api-tokens";
import * as grid from "./2026-11-24-04-grid";
import * as sharedSecret from "./2026-11-24-05-shared-secret";
import * as notesInBusinessTime from "./2026-11-27-01-notes-in-business-time";
import * as mailLogAndAlertAddress from "./2026-11-27-02-mail-log-and-alert-address";
import * as firstStartHistory from "./2026-11-27-03-first-start-history";
import * as seededFaqsNameTheSettings from "./2026-11-27-04-seeded-faqs-name-the-settings";
import * as uploadsMetadataChecked from "./2026-11-27-07-uploads-metadata-checked";
import * as purgedRowsForgetHistory from "./2026-11-27-09-purged-rows-forget-history";
import * as richTextFrames from "./2026-11-27-09-rich-text-frames";
import * as estimates from "./2026-11-28-01-estimates";
import * as outboxAttachments from "./2026-11-28-02-outbox-attachments";
import * as quotePhotos from "./2026-11-28-05-quote-photos";
import * as jobs from "./2026-11-28-06-jobs";
import * as invoices from "./2026-11-28-07-invoices";
import * as customers from "./2026-11-28-08-customers";
import * as reviews from "./2026-11-28-09-reviews";
import * as jobVehicles from "./2026-11-28-10-job-vehicles";
import * as searchByPhoneAndVehicle from "./2026-11-29-02-search-by-phone-and-vehicle";
import * as oneJobPerEstimate from "./2026-11-29-41-one-job-per-estimate";
import * as countersWithoutRowLocks from "./2026-11-29-50-counters-without-row-locks";
import * as outboxGivesUp from "./2026-11-29-51-outbox-gives-up";
import * as phoneE164 from "./2026-11-29-54-phone-e164";
import * as workBelongsToTheCustomer from "./2026-11-29-60-work-belongs-to-the-customer";
import * as staffRoles from "./2026-11-29-65-staff-roles";
import * as jobsAssignedTo from "./2026-11-29-66-jobs-assigned-to";
import * as customerErase from "./2026-11-29-78-customer-erase";
import * as actorId from "./2026-11-29-80-actor-id";
import * as priceBook from "./2026-11-29-90-price-book";
import * as actorIdsEverywhere from "./2026-11-30-05-actor-ids-everywhere";
import * as roadGapsAndJobDays from "./2026-11-30-10-road-gaps-and-job-days";
import * as deposits from "./2026-11-30-30-deposits";
import * as fieldDay from "./2026-12-01-00-field-day";
import * as passkeys from "./2026-12-01-10-passkeys";
import * as conditionReports from "./2026-12-01-20-condition-reports";
import * as jobFieldWork from "./2026-12-01-30-job-field-work";
import * as weatherDays from "./2026-12-02-10-weather-days";
import * as fieldStepKeys from "./2026-12-02-40-field-step-keys";
import * as maintenancePlans from "./2026-12-03-10-maintenance-plans";
import * as staffCalendarFeeds from "./2026-12-03-30-staff-calendar-feeds";
import * as reportIndexes from "./2026-12-03-50-report-indexes";
import * as dailyEmail from "./2026-12-03-70-daily-email";
import * as planDiscountLines from "./2026-12-04-20-plan-discount-lines";
import * as paymentsFromDeposits from "./2026-12-04-40-payments-from-deposits";
import * as reportSummaries from "./2026-12-04-50-report-summaries";

// Listed explicitly (not read from disk) so the bundled server carries them.
// Names sort by date; append new ones at the end.
export const migrations: Record<string, Migration> = {
  "2026-11-21-01-public-site": publicSite,
  "2026-11-21-02-users-sessions": usersSessions,
  "2026-11-21-05-auth": auth,
  "2026-11-21-06-admin-tables": adminTables,
  "2026-11-22-01-outbox-message-id": outboxMessageId,
  "2026-11-23-01-leads": leads,
  "2026-11-23-02-site-settings": siteSettings,
  "2026-11-23-03-services-care-guide-slugs": servicesCareGuideSlugs,
  "2026-11-23-04-gallery-images": galleryImages,
  "2026-11-24-01-trash-history": trashHistory,
  "2026-11-24-02-uploads": uploads,
  "2026-11-24-03-api-tokens": apiTokens,
  "2026-11-24-04-grid": grid,
  "2026-11-24-05-shared-secret": sharedSecret,
  "2026-11-27-01-notes-in-business-time": notesInBusinessTime,
  "2026-11-27-02-mail-log-and-alert-address": mailLogAndAlertAddress,
  "2026-11-27-03-first-start-history": firstStartHistory,
  "2026-11-27-04-seeded-faqs-name-the-settings": seededFaqsNameTheSettings,
  "2026-11-27-07-uploads-metadata-checked": uploadsMetadataChecked,
  "2026-11-27-09-purged-rows-forget-history": purgedRowsForgetHistory,
  "2026-11-27-09-rich-text-frames": richTextFrames,
  "2026-11-28-01-estimates": estimates,
  "2026-11-28-02-outbox-attachments": outboxAttachments,
  "2026-11-28-05-quote-photos": quotePhotos,
  "2026-11-28-06-jobs": jobs,
  "2026-11-28-07-invoices": invoices,
  "2026-11-28-08-customers": customers,
  "2026-11-28-09-reviews": reviews,
  "2026-11-28-10-job-vehicles": jobVehicles,
  "2026-11-29-02-search-by-phone-and-vehicle": searchByPhoneAndVehicle,
  "2026-11-29-41-one-job-per-estimate": oneJobPerEstimate,
  "2026-11-29-50-counters-without-row-locks": countersWithoutRowLocks,
  "2026-11-29-51-outbox-gives-up": outboxGivesUp,
  "2026-11-29-54-phone-e164": phoneE164,
  "2026-11-29-60-work-belongs-to-the-customer": workBelongsToTheCustomer,
  "2026-11-29-65-staff-roles": staffRoles,
  "2026-11-29-66-jobs-assigned-to": jobsAssignedTo,
  "2026-11-29-78-customer-erase": customerErase,
  "2026-11-29-80-actor-id": actorId,
  "2026-11-29-90-price-book": priceBook,
  "2026-11-30-05-actor-ids-everywhere": actorIdsEverywhere,
  "2026-11-30-10-road-gaps-and-job-days": roadGapsAndJobDays,
  "2026-11-30-30-deposits": deposits,
  "2026-12-01-00-field-day": fieldDay,
  "2026-12-01-10-passkeys": passkeys,
  "2026-12-01-20-condition-reports": conditionReports,
  "2026-12-01-30-job-field-work": jobFieldWork,
  "2026-12-02-10-weather-days": weatherDays,
  "2026-12-02-40-field-step-keys": fieldStepKeys,
  "2026-12-03-10-maintenance-plans": maintenancePlans,
  "2026-12-03-30-staff-calendar-feeds": staffCalendarFeeds,
  "2026-12-03-50-report-indexes": reportIndexes,
  "2026-12-03-70-daily-email": dailyEmail,
  "2026-12-04-20-plan-discount-lines": planDiscountLines,
  "2026-12-04-40-payments-from-deposits": paymentsFromDeposits,
  "2026-12-04-50-report-summaries": reportSummaries,
};
