export { NUMBER_LOCALES } from '@app/shared/number-locales';
