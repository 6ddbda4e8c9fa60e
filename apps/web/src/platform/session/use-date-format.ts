import type { DateFormat } from '@licensure/contracts';
import { defaultDateFormat } from './date-format';
import { useEnterpriseLess } from './use-enterprise-less';

/** The enterprise's date format (a setting staff choose), the default until it is known. */
export function useDateFormat(): DateFormat {
  return useEnterpriseLess().data?.date_format ?? defaultDateFormat;
}
