import { TrashedTitleCell as TrashedTitleCell_3179f06bfa4c086c982303523532eaed } from '../../../../src/admin/trash/TrashedTitleCell'
import { LeadDesk as LeadDesk_4254f04ca937f19ac55deb22563a5a04 } from '../../../../src/admin/leadDesk/LeadDesk'
import { LeadFlagsCell as LeadFlagsCell_8f5bac0aa6995da7db8ab08029c627b3 } from '../../../../src/admin/leadDesk/LeadFlags'
import { LeadAgeCell as LeadAgeCell_8f5bac0aa6995da7db8ab08029c627b3 } from '../../../../src/admin/leadDesk/LeadFlags'
import { PhoneCell as PhoneCell_b0a1fb9ddcd874dd03d06712022b2c70 } from '../../../../src/admin/values/cells'
import { AssigneeCell as AssigneeCell_adbab903442c9fe5509d603387e9e078 } from '../../../../src/admin/leadDesk/AssigneeCell'
import { DateTimeCell as DateTimeCell_b0a1fb9ddcd874dd03d06712022b2c70 } from '../../../../src/admin/values/cells'
import { ListTransfer as ListTransfer_593c4aa0754bedeb295c47cd42fea053 } from '../../../../src/admin/transfer/ListTransfer'
import { StampedUser as StampedUser_63cd6f7ad29d372e6325594959f2d092 } from '../../../../src/admin/values/StampedUser'
import { JsonReadout as JsonReadout_692064a7253a5962ddd80a27a84f3fb6 } from '../../../../src/admin/JsonReadout'
import { CreditAppHead as CreditAppHead_aee1c3341e768aaf22e1136944bae316 } from '../../../../src/admin/creditApp/CreditAppHead'
import { SsnField as SsnField_e5c32ad208022eb77b67987dd720a52d } from '../../../../src/creditData/RevealSsn'
import { DayField as DayField_3e43e6f90d3d9e87d4a93a743e11d773 } from '../../../../src/admin/values/DayField'
import { YesNoCell as YesNoCell_b0a1fb9ddcd874dd03d06712022b2c70 } from '../../../../src/admin/values/cells'
import { ChipsCell as ChipsCell_b0a1fb9ddcd874dd03d06712022b2c70 } from '../../../../src/admin/values/cells'
import { ConsumerRecords as ConsumerRecords_f45db1bb1b78fcc4285fa37ef6b03ac6 } from '../../../../src/admin/values/ConsumerRecords'
import { ConsumerConsents as ConsumerConsents_ffbee22254cda62f1037741c59947092 } from '../../../../src/admin/values/ConsumerConsents'
import { VehicleCell as VehicleCell_96086a3675e7a1942f839a2d92372b2e } from '../../../../src/admin/values/VehicleCell'
import { MoneyCell as MoneyCell_b0a1fb9ddcd874dd03d06712022b2c70 } from '../../../../src/admin/values/cells'
import { MoneyReadout as MoneyReadout_2a5691d18498250968f44db3bf6c04b7 } from '../../../../src/admin/values/MoneyInput'
import { DollarSign as DollarSign_2a5691d18498250968f44db3bf6c04b7 } from '../../../../src/admin/values/MoneyInput'
import { DealRecords as DealRecords_c76e0d90ee70c30dd075bfe657b817cb } from '../../../../src/admin/values/DealRecords'
import { ClippedCell as ClippedCell_1d6b41745fe63ecf7865a84360f27e1f } from '../../../../src/admin/audit/cells'
import { WrappedListCell as WrappedListCell_1d6b41745fe63ecf7865a84360f27e1f } from '../../../../src/admin/audit/cells'
import { ActorCell as ActorCell_1d6b41745fe63ecf7865a84360f27e1f } from '../../../../src/admin/audit/cells'
import { NoticeActionsField as NoticeActionsField_abbacf59408785ef9679c9c4cfbc26c7 } from '../../../../src/admin/adverseAction/NoticeActionsField'
import { ReviewMatchField as ReviewMatchField_04ee351586d7137a36df6219b6f4a4a6 } from '../../../../src/admin/sanctions/ReviewMatchField'
import { SubjectCell as SubjectCell_d3e222bc14337541798a2c5bf05d04ba } from '../../../../src/admin/sanctions/MatchSubject'
import { SubjectField as SubjectField_d3e222bc14337541798a2c5bf05d04ba } from '../../../../src/admin/sanctions/MatchSubject'
import { ScreenedPerson as ScreenedPerson_37614d31ff3105a259381d1a1598f134 } from '../../../../src/admin/sanctions/ScreenedPerson'
import { LoadList as LoadList_a915c302a838668dfcda769ceafc3339 } from '../../../../src/compliance/sanctions/LoadList'
import { RotateSecret as RotateSecret_6f3523955fafdb2b9bb1485b966fd6d5 } from '../../../../src/webhooks/admin/RotateSecret'
import { ResendDelivery as ResendDelivery_670c553f7b05cd130bf567eb9dcad46e } from '../../../../src/webhooks/admin/ResendDelivery'
import { RetentionDryRun as RetentionDryRun_779ce84773ac1297add2d10da84e1f9a } from '../../../../src/compliance/retention/RetentionDryRun'
import { RequestActions as RequestActions_694df31cfef6d115791a57b8f900e018 } from '../../../../src/compliance/requests/RequestActions'
import { QueryPresetsAccessCell as QueryPresetsAccessCell_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { FiltersCell as FiltersCell_f96fd40b8b724f1e2e6c016ffef7a39a } from '../../../../src/admin/savedViews/FiltersCell'
import { QueryPresetsWhereField as QueryPresetsWhereField_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { QueryPresetsColumnsCell as QueryPresetsColumnsCell_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { QueryPresetsColumnField as QueryPresetsColumnField_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { QueryPresetsGroupByCell as QueryPresetsGroupByCell_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { QueryPresetsGroupByField as QueryPresetsGroupByField_2b8867833a34864a02ddf429b0728a40 } from '@payloadcms/next/client'
import { RestoreForAdminsOnly as RestoreForAdminsOnly_3837b9788ee3bc8d86122b58e07d5c3c } from '../../../../src/admin/versions/RestoreForAdminsOnly'
import { ApiDocsLink as ApiDocsLink_3a817eb47bc3702ceaa246b1af6c54f0 } from '../../../../src/admin/navigation/ApiDocsLink'
import { BreachReportLink as BreachReportLink_c706589f5097312358ac015952493c81 } from '../../../../src/compliance/breach/BreachReportLink'
import { SearchBox as SearchBox_6343752853f4077f0dd93ca8cf523fcb } from '../../../../src/admin/SearchBox'
import { Dashboard as Dashboard_0e40dcc78d39e577ce0ac8f99e5b93ee } from '../../../../src/admin/Dashboard'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { BreachReportView as BreachReportView_162ee84625e9adbb96cebbf2f1b6c1ec } from '../../../../src/compliance/breach/BreachReportView'
import { SignInView as SignInView_252c1e82b1b81818892cc17da301f48b } from '../../../../src/admin/signIn/SignInView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/src/admin/trash/TrashedTitleCell#TrashedTitleCell": TrashedTitleCell_3179f06bfa4c086c982303523532eaed,
  "/src/admin/leadDesk/LeadDesk#LeadDesk": LeadDesk_4254f04ca937f19ac55deb22563a5a04,
  "/src/admin/leadDesk/LeadFlags#LeadFlagsCell": LeadFlagsCell_8f5bac0aa6995da7db8ab08029c627b3,
  "/src/admin/leadDesk/LeadFlags#LeadAgeCell": LeadAgeCell_8f5bac0aa6995da7db8ab08029c627b3,
  "/src/admin/values/cells#PhoneCell": PhoneCell_b0a1fb9ddcd874dd03d06712022b2c70,
  "/src/admin/leadDesk/AssigneeCell#AssigneeCell": AssigneeCell_adbab903442c9fe5509d603387e9e078,
  "/src/admin/values/cells#DateTimeCell": DateTimeCell_b0a1fb9ddcd874dd03d06712022b2c70,
  "/src/admin/transfer/ListTransfer#ListTransfer": ListTransfer_593c4aa0754bedeb295c47cd42fea053,
  "/src/admin/values/StampedUser#StampedUser": StampedUser_63cd6f7ad29d372e6325594959f2d092,
  "/src/admin/JsonReadout#JsonReadout": JsonReadout_692064a7253a5962ddd80a27a84f3fb6,
  "/src/admin/creditApp/CreditAppHead#CreditAppHead": CreditAppHead_aee1c3341e768aaf22e1136944bae316,
  "/src/creditData/RevealSsn#SsnField": SsnField_e5c32ad208022eb77b67987dd720a52d,
  "/src/admin/values/DayField#DayField": DayField_3e43e6f90d3d9e87d4a93a743e11d773,
  "/src/admin/values/cells#YesNoCell": YesNoCell_b0a1fb9ddcd874dd03d06712022b2c70,
  "/src/admin/values/cells#ChipsCell": ChipsCell_b0a1fb9ddcd874dd03d06712022b2c70,
  "/src/admin/values/ConsumerRecords#ConsumerRecords": ConsumerRecords_f45db1bb1b78fcc4285fa37ef6b03ac6,
  "/src/admin/values/ConsumerConsents#ConsumerConsents": ConsumerConsents_ffbee22254cda62f1037741c59947092,
  "/src/admin/values/VehicleCell#VehicleCell": VehicleCell_96086a3675e7a1942f839a2d92372b2e,
  "/src/admin/values/cells#MoneyCell": MoneyCell_b0a1fb9ddcd874dd03d06712022b2c70,
  "/src/admin/values/MoneyInput#MoneyReadout": MoneyReadout_2a5691d18498250968f44db3bf6c04b7,
  "/src/admin/values/MoneyInput#DollarSign": DollarSign_2a5691d18498250968f44db3bf6c04b7,
  "/src/admin/values/DealRecords#DealRecords": DealRecords_c76e0d90ee70c30dd075bfe657b817cb,
  "/src/admin/audit/cells#ClippedCell": ClippedCell_1d6b41745fe63ecf7865a84360f27e1f,
  "/src/admin/audit/cells#WrappedListCell": WrappedListCell_1d6b41745fe63ecf7865a84360f27e1f,
  "/src/admin/audit/cells#ActorCell": ActorCell_1d6b41745fe63ecf7865a84360f27e1f,
  "/src/admin/adverseAction/NoticeActionsField#NoticeActionsField": NoticeActionsField_abbacf59408785ef9679c9c4cfbc26c7,
  "/src/admin/sanctions/ReviewMatchField#ReviewMatchField": ReviewMatchField_04ee351586d7137a36df6219b6f4a4a6,
  "/src/admin/sanctions/MatchSubject#SubjectCell": SubjectCell_d3e222bc14337541798a2c5bf05d04ba,
  "/src/admin/sanctions/MatchSubject#SubjectField": SubjectField_d3e222bc14337541798a2c5bf05d04ba,
  "/src/admin/sanctions/ScreenedPerson#ScreenedPerson": ScreenedPerson_37614d31ff3105a259381d1a1598f134,
  "/src/compliance/sanctions/LoadList#LoadList": LoadList_a915c302a838668dfcda769ceafc3339,
  "/src/webhooks/admin/RotateSecret#RotateSecret": RotateSecret_6f3523955fafdb2b9bb1485b966fd6d5,
  "/src/webhooks/admin/ResendDelivery#ResendDelivery": ResendDelivery_670c553f7b05cd130bf567eb9dcad46e,
  "/src/compliance/retention/RetentionDryRun#RetentionDryRun": RetentionDryRun_779ce84773ac1297add2d10da84e1f9a,
  "/src/compliance/requests/RequestActions#RequestActions": RequestActions_694df31cfef6d115791a57b8f900e018,
  "@payloadcms/next/client#QueryPresetsAccessCell": QueryPresetsAccessCell_2b8867833a34864a02ddf429b0728a40,
  "/src/admin/savedViews/FiltersCell#FiltersCell": FiltersCell_f96fd40b8b724f1e2e6c016ffef7a39a,
  "@payloadcms/next/client#QueryPresetsWhereField": QueryPresetsWhereField_2b8867833a34864a02ddf429b0728a40,
  "@payloadcms/next/client#QueryPresetsColumnsCell": QueryPresetsColumnsCell_2b8867833a34864a02ddf429b0728a40,
  "@payloadcms/next/client#QueryPresetsColumnField": QueryPresetsColumnField_2b8867833a34864a02ddf429b0728a40,
  "@payloadcms/next/client#QueryPresetsGroupByCell": QueryPresetsGroupByCell_2b8867833a34864a02ddf429b0728a40,
  "@payloadcms/next/client#QueryPresetsGroupByField": QueryPresetsGroupByField_2b8867833a34864a02ddf429b0728a40,
  "/src/admin/versions/RestoreForAdminsOnly#RestoreForAdminsOnly": RestoreForAdminsOnly_3837b9788ee3bc8d86122b58e07d5c3c,
  "/src/admin/navigation/ApiDocsLink#ApiDocsLink": ApiDocsLink_3a817eb47bc3702ceaa246b1af6c54f0,
  "/src/compliance/breach/BreachReportLink#BreachReportLink": BreachReportLink_c706589f5097312358ac015952493c81,
  "/src/admin/SearchBox#SearchBox": SearchBox_6343752853f4077f0dd93ca8cf523fcb,
  "/src/admin/Dashboard#Dashboard": Dashboard_0e40dcc78d39e577ce0ac8f99e5b93ee,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/src/compliance/breach/BreachReportView#BreachReportView": BreachReportView_162ee84625e9adbb96cebbf2f1b6c1ec,
  "/src/admin/signIn/SignInView#SignInView": SignInView_252c1e82b1b81818892cc17da301f48b,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
