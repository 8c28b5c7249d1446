import { SsnField as SsnField_e5c32ad208022eb77b67987dd720a52d } from '../../../../src/creditData/RevealSsn'
import { JsonReadout as JsonReadout_692064a7253a5962ddd80a27a84f3fb6 } from '../../../../src/admin/JsonReadout'
import { ListTransfer as ListTransfer_593c4aa0754bedeb295c47cd42fea053 } from '../../../../src/admin/transfer/ListTransfer'
import { ClippedCell as ClippedCell_1d6b41745fe63ecf7865a84360f27e1f } from '../../../../src/admin/audit/cells'
import { WrappedListCell as WrappedListCell_1d6b41745fe63ecf7865a84360f27e1f } from '../../../../src/admin/audit/cells'
import { ActorCell as ActorCell_1d6b41745fe63ecf7865a84360f27e1f } from '../../../../src/admin/audit/cells'
import { RotateSecret as RotateSecret_6f3523955fafdb2b9bb1485b966fd6d5 } from '../../../../src/webhooks/admin/RotateSecret'
import { ResendDelivery as ResendDelivery_670c553f7b05cd130bf567eb9dcad46e } from '../../../../src/webhooks/admin/ResendDelivery'
import { RestoreForAdminsOnly as RestoreForAdminsOnly_3837b9788ee3bc8d86122b58e07d5c3c } from '../../../../src/admin/versions/RestoreForAdminsOnly'
import { ApiDocsLink as ApiDocsLink_3a817eb47bc3702ceaa246b1af6c54f0 } from '../../../../src/admin/navigation/ApiDocsLink'
import { SearchBox as SearchBox_6343752853f4077f0dd93ca8cf523fcb } from '../../../../src/admin/SearchBox'
import { Dashboard as Dashboard_0e40dcc78d39e577ce0ac8f99e5b93ee } from '../../../../src/admin/Dashboard'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { SignInView as SignInView_252c1e82b1b81818892cc17da301f48b } from '../../../../src/admin/signIn/SignInView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/src/creditData/RevealSsn#SsnField": SsnField_e5c32ad208022eb77b67987dd720a52d,
  "/src/admin/JsonReadout#JsonReadout": JsonReadout_692064a7253a5962ddd80a27a84f3fb6,
  "/src/admin/transfer/ListTransfer#ListTransfer": ListTransfer_593c4aa0754bedeb295c47cd42fea053,
  "/src/admin/audit/cells#ClippedCell": ClippedCell_1d6b41745fe63ecf7865a84360f27e1f,
  "/src/admin/audit/cells#WrappedListCell": WrappedListCell_1d6b41745fe63ecf7865a84360f27e1f,
  "/src/admin/audit/cells#ActorCell": ActorCell_1d6b41745fe63ecf7865a84360f27e1f,
  "/src/webhooks/admin/RotateSecret#RotateSecret": RotateSecret_6f3523955fafdb2b9bb1485b966fd6d5,
  "/src/webhooks/admin/ResendDelivery#ResendDelivery": ResendDelivery_670c553f7b05cd130bf567eb9dcad46e,
  "/src/admin/versions/RestoreForAdminsOnly#RestoreForAdminsOnly": RestoreForAdminsOnly_3837b9788ee3bc8d86122b58e07d5c3c,
  "/src/admin/navigation/ApiDocsLink#ApiDocsLink": ApiDocsLink_3a817eb47bc3702ceaa246b1af6c54f0,
  "/src/admin/SearchBox#SearchBox": SearchBox_6343752853f4077f0dd93ca8cf523fcb,
  "/src/admin/Dashboard#Dashboard": Dashboard_0e40dcc78d39e577ce0ac8f99e5b93ee,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/src/admin/signIn/SignInView#SignInView": SignInView_252c1e82b1b81818892cc17da301f48b,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
