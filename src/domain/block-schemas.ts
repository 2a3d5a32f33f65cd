/**
 * The block and unblock callables' schemas, apart from `blocks.ts`: the screens that offer a block
 * read its messages, and would otherwise bring Yup into their code.
 */
import * as yup from 'yup';
import { BLOCK_FROMS, BLOCK_MESSAGES, type BlockFrom } from './blocks';

const ID = /^[A-Za-z0-9_-]{1,128}$/;

export const blockMemberSchema = yup.object({
  ownerId: yup.string().matches(ID, BLOCK_MESSAGES.invalid).required(BLOCK_MESSAGES.invalid),
  photoId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, BLOCK_MESSAGES.invalid)
    .required(BLOCK_MESSAGES.invalid),
  /** A comment's vote on the caller's photo: its voter is blocked. Without it, the photo's owner. */
  voteId: yup.string().matches(ID, BLOCK_MESSAGES.invalid).optional(),
  from: yup.mixed<BlockFrom>().oneOf(BLOCK_FROMS, BLOCK_MESSAGES.invalid).required(BLOCK_MESSAGES.invalid),
});
export type BlockMemberInput = yup.InferType<typeof blockMemberSchema>;

export const unblockMemberSchema = yup.object({
  blockId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, BLOCK_MESSAGES.unknown)
    .required(BLOCK_MESSAGES.unknown),
});
export type UnblockMemberInput = yup.InferType<typeof unblockMemberSchema>;
