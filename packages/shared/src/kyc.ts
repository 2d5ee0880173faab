/**
 * The identity documents a member uploads (issue 37 item 1, decisions 180 and 181): apart from the
 * KYC schemas (and zod), so the profile screen's first paint does not load them (decision 202).
 */

export const KYC_SIDES = ['identity_front', 'identity_back', 'proof_of_address'] as const;
export type KycSide = (typeof KYC_SIDES)[number];
export const KYC_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
/** A passport has one page to upload; an identity card and a driving licence have a back. */
export const kycTypeHasBack = (type: KycDocumentType): boolean => type !== 'passport';
