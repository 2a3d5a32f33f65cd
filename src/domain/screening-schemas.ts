/**
 * The Review tab's callables' schemas, apart from `screening.ts`: My Photos reads its messages, and
 * would otherwise bring Yup into its code.
 */
import * as yup from 'yup';
import { REVIEW_DECISIONS, type ReviewDecision } from './screening';

export const adminListHeldSchema = yup.object({});
export type AdminListHeldInput = yup.InferType<typeof adminListHeldSchema>;

export const adminDecideHeldSchema = yup.object({
  userId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'The ID is not valid', excludeEmptyString: true })
    .required('User ID is required'),
  photoId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Photo is not valid', excludeEmptyString: true })
    .required('Photo is required'),
  decision: yup
    .mixed<ReviewDecision>()
    .oneOf(REVIEW_DECISIONS, 'Choose approve or remove')
    .required('Choose approve or remove'),
});
export type AdminDecideHeldInput = yup.InferType<typeof adminDecideHeldSchema>;
