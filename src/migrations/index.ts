import * as migration_20261122_012340_initial from './20261122_012340_initial';
import * as migration_20261122_015931_data_model from './20261122_015931_data_model';
import * as migration_20261122_025316_boolean_defaults from './20261122_025316_boolean_defaults';
import * as migration_20261122_034918_vehicle_lookups from './20261122_034918_vehicle_lookups';
import * as migration_20261122_040327_credit_data_protection from './20261122_040327_credit_data_protection';
import * as migration_20261122_045834_provider_submissions from './20261122_045834_provider_submissions';
import * as migration_20261122_195039_audit_and_key_indexes from './20261122_195039_audit_and_key_indexes';
import * as migration_20261122_214608_company_name_trigram from './20261122_214608_company_name_trigram';
import * as migration_20261122_233000_row_counts from './20261122_233000_row_counts';
import * as migration_20261123_013000_idempotency_keys from './20261123_013000_idempotency_keys';
import * as migration_20261123_014207_webhooks from './20261123_014207_webhooks';
import * as migration_20261123_020328_history from './20261123_020328_history';
import * as migration_20261123_021600_titles from './20261123_021600_titles';
import * as migration_20261123_023319_submission_status_index from './20261123_023319_submission_status_index';
import * as migration_20261123_044059_mfa from './20261123_044059_mfa';
import * as migration_20261123_045612_media_storage from './20261123_045612_media_storage';
import * as migration_20261123_052620_more_titles from './20261123_052620_more_titles';
import * as migration_20261123_060739_tco_settings_more from './20261123_060739_tco_settings_more';
import * as migration_20261125_061634_tco_residuals_schedule from './20261125_061634_tco_residuals_schedule';
import * as migration_20261125_185507_lead_location from './20261125_185507_lead_location';
import * as migration_20261125_190420_listing_title from './20261125_190420_listing_title';
import * as migration_20261125_191005_dealer_role from './20261125_191005_dealer_role';
import * as migration_20261127_095809_retention_requests from './20261127_095809_retention_requests';
import * as migration_20261127_100245_consents from './20261127_100245_consents';
import * as migration_20261127_100353_adverse_action_sanctions from './20261127_100353_adverse_action_sanctions';
import * as migration_20261127_100357_tco_new_prices from './20261127_100357_tco_new_prices';
import * as migration_20261127_101351_adf from './20261127_101351_adf';
import * as migration_20261127_101916_lead_mailbox from './20261127_101916_lead_mailbox';
import * as migration_20261127_105409_lead_duplicates from './20261127_105409_lead_duplicates';
import * as migration_20261127_114031_adf_lists_as_json from './20261127_114031_adf_lists_as_json';
import * as migration_20261127_114659_lead_match_index from './20261127_114659_lead_match_index';
import * as migration_20261127_153206_sanctions_superseded from './20261127_153206_sanctions_superseded';
import * as migration_20261128_055047_dealership_on_row from './20261128_055047_dealership_on_row';
import * as migration_20261128_070750_compliance_and_lead_source_roles from './20261128_070750_compliance_and_lead_source_roles';
import * as migration_20261128_073531_append_only_corrections from './20261128_073531_append_only_corrections';
import * as migration_20261128_083000_dealer_scope_indexes from './20261128_083000_dealer_scope_indexes';
import * as migration_20261128_083517_sanctions_second_review from './20261128_083517_sanctions_second_review';
import * as migration_20261128_135116_phone_keys from './20261128_135116_phone_keys';
import * as migration_20261128_143956_staff_and_list_titles from './20261128_143956_staff_and_list_titles';
import * as migration_20261128_163531_oidc_sign_in from './20261128_163531_oidc_sign_in';
import * as migration_20261128_171310_pipeline_time_zone_and_configuration from './20261128_171310_pipeline_time_zone_and_configuration';
import * as migration_20261129_002122_notice_withdrawn_and_creditor from './20261129_002122_notice_withdrawn_and_creditor';
import * as migration_20261129_004950_compliance_titles from './20261129_004950_compliance_titles';
import * as migration_20261129_010133_consent_titles from './20261129_010133_consent_titles';
import * as migration_20261129_040113_do_not_contact_withdrawal from './20261129_040113_do_not_contact_withdrawal';
import * as migration_20261129_164206_location_titles from './20261129_164206_location_titles';
import * as migration_20261129_165634_lead_notes from './20261129_165634_lead_notes';
import * as migration_20261129_171020_lead_appointments from './20261129_171020_lead_appointments';
import * as migration_20261129_172952_vehicle_of_interest from './20261129_172952_vehicle_of_interest';
import * as migration_20261129_194058_dealer_compliance_records from './20261129_194058_dealer_compliance_records';
import * as migration_20261129_231844_trash_deleted_by from './20261129_231844_trash_deleted_by';
import * as migration_20261130_034351_lead_tasks from './20261130_034351_lead_tasks';
import * as migration_20261130_060000_dealer_list_plans from './20261130_060000_dealer_list_plans';
import * as migration_20261130_160000_live_row_counts from './20261130_160000_live_row_counts';
import * as migration_20261130_190000_drop_row_counts from './20261130_190000_drop_row_counts';
import * as migration_20261202_090000_window_count_indexes from './20261202_090000_window_count_indexes';

export const migrations = [
  {
    up: migration_20261122_012340_initial.up,
    down: migration_20261122_012340_initial.down,
    name: '20261122_012340_initial',
  },
  {
    up: migration_20261122_015931_data_model.up,
    down: migration_20261122_015931_data_model.down,
    name: '20261122_015931_data_model',
  },
  {
    up: migration_20261122_025316_boolean_defaults.up,
    down: migration_20261122_025316_boolean_defaults.down,
    name: '20261122_025316_boolean_defaults',
  },
  {
    up: migration_20261122_034918_vehicle_lookups.up,
    down: migration_20261122_034918_vehicle_lookups.down,
    name: '20261122_034918_vehicle_lookups',
  },
  {
    up: migration_20261122_040327_credit_data_protection.up,
    down: migration_20261122_040327_credit_data_protection.down,
    name: '20261122_040327_credit_data_protection',
  },
  {
    up: migration_20261122_045834_provider_submissions.up,
    down: migration_20261122_045834_provider_submissions.down,
    name: '20261122_045834_provider_submissions',
  },
  {
    up: migration_20261122_195039_audit_and_key_indexes.up,
    down: migration_20261122_195039_audit_and_key_indexes.down,
    name: '20261122_195039_audit_and_key_indexes',
  },
  {
    up: migration_20261122_214608_company_name_trigram.up,
    down: migration_20261122_214608_company_name_trigram.down,
    name: '20261122_214608_company_name_trigram',
  },
  {
    up: migration_20261122_233000_row_counts.up,
    down: migration_20261122_233000_row_counts.down,
    name: '20261122_233000_row_counts',
  },
  {
    up: migration_20261123_013000_idempotency_keys.up,
    down: migration_20261123_013000_idempotency_keys.down,
    name: '20261123_013000_idempotency_keys',
  },
  {
    up: migration_20261123_014207_webhooks.up,
    down: migration_20261123_014207_webhooks.down,
    name: '20261123_014207_webhooks',
  },
  {
    up: migration_20261123_020328_history.up,
    down: migration_20261123_020328_history.down,
    name: '20261123_020328_history',
  },
  {
    up: migration_20261123_021600_titles.up,
    down: migration_20261123_021600_titles.down,
    name: '20261123_021600_titles',
  },
  {
    up: migration_20261123_023319_submission_status_index.up,
    down: migration_20261123_023319_submission_status_index.down,
    name: '20261123_023319_submission_status_index',
  },
  {
    up: migration_20261123_044059_mfa.up,
    down: migration_20261123_044059_mfa.down,
    name: '20261123_044059_mfa',
  },
  {
    up: migration_20261123_045612_media_storage.up,
    down: migration_20261123_045612_media_storage.down,
    name: '20261123_045612_media_storage',
  },
  {
    up: migration_20261123_052620_more_titles.up,
    down: migration_20261123_052620_more_titles.down,
    name: '20261123_052620_more_titles',
  },
  {
    up: migration_20261123_060739_tco_settings_more.up,
    down: migration_20261123_060739_tco_settings_more.down,
    name: '20261123_060739_tco_settings_more',
  },
  {
    up: migration_20261125_061634_tco_residuals_schedule.up,
    down: migration_20261125_061634_tco_residuals_schedule.down,
    name: '20261125_061634_tco_residuals_schedule',
  },
  {
    up: migration_20261125_185507_lead_location.up,
    down: migration_20261125_185507_lead_location.down,
    name: '20261125_185507_lead_location',
  },
  {
    up: migration_20261125_190420_listing_title.up,
    down: migration_20261125_190420_listing_title.down,
    name: '20261125_190420_listing_title',
  },
  {
    up: migration_20261125_191005_dealer_role.up,
    down: migration_20261125_191005_dealer_role.down,
    name: '20261125_191005_dealer_role',
  },
  {
    up: migration_20261127_095809_retention_requests.up,
    down: migration_20261127_095809_retention_requests.down,
    name: '20261127_095809_retention_requests',
  },
  {
    up: migration_20261127_100245_consents.up,
    down: migration_20261127_100245_consents.down,
    name: '20261127_100245_consents',
  },
  {
    up: migration_20261127_100353_adverse_action_sanctions.up,
    down: migration_20261127_100353_adverse_action_sanctions.down,
    name: '20261127_100353_adverse_action_sanctions',
  },
  {
    up: migration_20261127_100357_tco_new_prices.up,
    down: migration_20261127_100357_tco_new_prices.down,
    name: '20261127_100357_tco_new_prices',
  },
  {
    up: migration_20261127_101351_adf.up,
    down: migration_20261127_101351_adf.down,
    name: '20261127_101351_adf',
  },
  {
    up: migration_20261127_101916_lead_mailbox.up,
    down: migration_20261127_101916_lead_mailbox.down,
    name: '20261127_101916_lead_mailbox',
  },
  {
    up: migration_20261127_105409_lead_duplicates.up,
    down: migration_20261127_105409_lead_duplicates.down,
    name: '20261127_105409_lead_duplicates',
  },
  {
    up: migration_20261127_114031_adf_lists_as_json.up,
    down: migration_20261127_114031_adf_lists_as_json.down,
    name: '20261127_114031_adf_lists_as_json',
  },
  {
    up: migration_20261127_114659_lead_match_index.up,
    down: migration_20261127_114659_lead_match_index.down,
    name: '20261127_114659_lead_match_index',
  },
  {
    up: migration_20261127_153206_sanctions_superseded.up,
    down: migration_20261127_153206_sanctions_superseded.down,
    name: '20261127_153206_sanctions_superseded',
  },
  {
    up: migration_20261128_055047_dealership_on_row.up,
    down: migration_20261128_055047_dealership_on_row.down,
    name: '20261128_055047_dealership_on_row',
  },
  {
    up: migration_20261128_070750_compliance_and_lead_source_roles.up,
    down: migration_20261128_070750_compliance_and_lead_source_roles.down,
    name: '20261128_070750_compliance_and_lead_source_roles',
  },
  {
    up: migration_20261128_073531_append_only_corrections.up,
    down: migration_20261128_073531_append_only_corrections.down,
    name: '20261128_073531_append_only_corrections',
  },
  {
    up: migration_20261128_083000_dealer_scope_indexes.up,
    down: migration_20261128_083000_dealer_scope_indexes.down,
    name: '20261128_083000_dealer_scope_indexes',
  },
  {
    up: migration_20261128_083517_sanctions_second_review.up,
    down: migration_20261128_083517_sanctions_second_review.down,
    name: '20261128_083517_sanctions_second_review',
  },
  {
    up: migration_20261128_135116_phone_keys.up,
    down: migration_20261128_135116_phone_keys.down,
    name: '20261128_135116_phone_keys',
  },
  {
    up: migration_20261128_143956_staff_and_list_titles.up,
    down: migration_20261128_143956_staff_and_list_titles.down,
    name: '20261128_143956_staff_and_list_titles',
  },
  {
    up: migration_20261128_163531_oidc_sign_in.up,
    down: migration_20261128_163531_oidc_sign_in.down,
    name: '20261128_163531_oidc_sign_in',
  },
  {
    up: migration_20261128_171310_pipeline_time_zone_and_configuration.up,
    down: migration_20261128_171310_pipeline_time_zone_and_configuration.down,
    name: '20261128_171310_pipeline_time_zone_and_configuration',
  },
  {
    up: migration_20261129_002122_notice_withdrawn_and_creditor.up,
    down: migration_20261129_002122_notice_withdrawn_and_creditor.down,
    name: '20261129_002122_notice_withdrawn_and_creditor',
  },
  {
    up: migration_20261129_004950_compliance_titles.up,
    down: migration_20261129_004950_compliance_titles.down,
    name: '20261129_004950_compliance_titles',
  },
  {
    up: migration_20261129_010133_consent_titles.up,
    down: migration_20261129_010133_consent_titles.down,
    name: '20261129_010133_consent_titles',
  },
  {
    up: migration_20261129_040113_do_not_contact_withdrawal.up,
    down: migration_20261129_040113_do_not_contact_withdrawal.down,
    name: '20261129_040113_do_not_contact_withdrawal',
  },
  {
    up: migration_20261129_164206_location_titles.up,
    down: migration_20261129_164206_location_titles.down,
    name: '20261129_164206_location_titles',
  },
  {
    up: migration_20261129_165634_lead_notes.up,
    down: migration_20261129_165634_lead_notes.down,
    name: '20261129_165634_lead_notes',
  },
  {
    up: migration_20261129_171020_lead_appointments.up,
    down: migration_20261129_171020_lead_appointments.down,
    name: '20261129_171020_lead_appointments',
  },
  {
    up: migration_20261129_172952_vehicle_of_interest.up,
    down: migration_20261129_172952_vehicle_of_interest.down,
    name: '20261129_172952_vehicle_of_interest',
  },
  {
    up: migration_20261129_194058_dealer_compliance_records.up,
    down: migration_20261129_194058_dealer_compliance_records.down,
    name: '20261129_194058_dealer_compliance_records',
  },
  {
    up: migration_20261129_231844_trash_deleted_by.up,
    down: migration_20261129_231844_trash_deleted_by.down,
    name: '20261129_231844_trash_deleted_by',
  },
  {
    up: migration_20261130_034351_lead_tasks.up,
    down: migration_20261130_034351_lead_tasks.down,
    name: '20261130_034351_lead_tasks',
  },
  {
    up: migration_20261130_060000_dealer_list_plans.up,
    down: migration_20261130_060000_dealer_list_plans.down,
    name: '20261130_060000_dealer_list_plans',
  },
  {
    up: migration_20261130_160000_live_row_counts.up,
    down: migration_20261130_160000_live_row_counts.down,
    name: '20261130_160000_live_row_counts',
  },
  {
    up: migration_20261130_190000_drop_row_counts.up,
    down: migration_20261130_190000_drop_row_counts.down,
    name: '20261130_190000_drop_row_counts',
  },
  {
    up: migration_20261202_090000_window_count_indexes.up,
    down: migration_20261202_090000_window_count_indexes.down,
    name: '20261202_090000_window_count_indexes',
  },
];
