import type { OrderSystem } from './order-rules.ts'

/**
 * The order package's address (docs/decisions/059-order-package.md): beside the order's detail,
 * `/morgan/detail/{ERP|EPS}/{work number}`, at `/morgan/package/{ERP|EPS}/{work number}`.
 */
export const ORDER_PACKAGE_PATH = '/morgan/package'

export const orderPackagePath = (system: OrderSystem, workNo: string) =>
  `${ORDER_PACKAGE_PATH}/${system}/${encodeURIComponent(workNo)}`

/** The downloaded file's name: the work number in it. */
export const orderPackageFileName = (workNo: string) => `order-package-${workNo}.zip`
