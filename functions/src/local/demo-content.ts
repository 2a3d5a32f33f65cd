/**
 * Demo content for a fresh local backend: a handful of members with a portrait each, and votes,
 * comments and tags among them through the real rating handler, so a newcomer sees a living product.
 * The portraits are drawn here (SVG rendered by sharp): no third-party image, nothing to license.
 * They are illustrations, so they skip the face check; their face detail is written to match.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { imagePath, newPhoto, resizedImagePath, type FaceDetail } from '../../../src/domain/photo';
import type { Tag } from '../../../src/domain/rating';
import { newUser, type Gender } from '../../../src/domain/user';
import type { FileStore } from '../files/file-store';
import { adminClaims, setAdminRole, type ClaimsAuth } from '../handlers/admin-role';
import type { Clock, HandlerContext } from '../handlers/handler';
import { submitRating } from '../handlers/rating';
import { processImage } from '../photos/image-pipeline';
import { offlineInsightsWriter } from '../photos/insights';
import { seedDemoArticles } from './demo-articles';
import { seedDemoExperiments } from './demo-experiments';
import type { Store } from '../store/store';

export interface DemoMember {
  name: string;
  gender: Gender;
  age: number;
  caption: string;
  skin: string;
  hair: string;
  shirt: string;
  sky: [string, string];
}

export const MEMBERS: DemoMember[] = [
  {
    name: 'Maya',
    gender: 'female',
    age: 27,
    caption: 'Sunday hike',
    skin: '#f1c7a5',
    hair: '#3b2417',
    shirt: '#2f7d6d',
    sky: ['#9ad0ec', '#e7f4fb'],
  },
  {
    name: 'Leo',
    gender: 'male',
    age: 31,
    caption: 'New haircut',
    skin: '#c98e64',
    hair: '#1d1410',
    shirt: '#b5523b',
    sky: ['#f6c28b', '#fdebd3'],
  },
  {
    name: 'Ines',
    gender: 'female',
    age: 35,
    caption: 'Work headshot',
    skin: '#8d5a3b',
    hair: '#120c08',
    shirt: '#34495e',
    sky: ['#c7c9d9', '#f2f2f7'],
  },
  {
    name: 'Tom',
    gender: 'male',
    age: 24,
    caption: 'Beach day',
    skin: '#f5d6bd',
    hair: '#c98f3b',
    shirt: '#3d6cb9',
    sky: ['#7ec8e3', '#fdf6e3'],
  },
  {
    name: 'Aiko',
    gender: 'female',
    age: 29,
    caption: 'Coffee break',
    skin: '#f0cfae',
    hair: '#0f0f14',
    shirt: '#d98fa4',
    sky: ['#e3d5f2', '#fbf7fd'],
  },
  {
    name: 'Sam',
    gender: 'male',
    age: 38,
    caption: 'Dating profile?',
    skin: '#a86f4c',
    hair: '#5a5a5a',
    shirt: '#556b2f',
    sky: ['#b8d8be', '#f0f7f1'],
  },
];

const COMMENTS = [
  'Great smile!',
  'Lovely light in this one',
  'Looks friendly',
  'Nice colours',
  '',
  'Very natural',
];
const CHIPS: Tag[][] = [
  ['friendly', 'cheerful'],
  ['confident'],
  ['approachable', 'warm'],
  ['stylish'],
  [],
  ['genuine'],
];

export function demoPortrait(member: DemoMember): Promise<Buffer> {
  const longHair = member.gender === 'female';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960" viewBox="0 0 720 960">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${member.sky[0]}"/><stop offset="1" stop-color="${member.sky[1]}"/>
  </linearGradient></defs>
  <rect width="720" height="960" fill="url(#sky)"/>
  ${longHair ? `<path d="M190 330 Q180 700 250 760 L470 760 Q540 700 530 330 Z" fill="${member.hair}"/>` : ''}
  <ellipse cx="360" cy="960" rx="300" ry="210" fill="${member.shirt}"/>
  <rect x="318" y="560" width="84" height="120" rx="30" fill="${member.skin}"/>
  <ellipse cx="360" cy="420" rx="150" ry="185" fill="${member.skin}"/>
  <path d="M205 390 Q210 220 360 215 Q510 220 515 390 Q470 300 360 290 Q250 300 205 390 Z" fill="${member.hair}"/>
  <ellipse cx="305" cy="420" rx="16" ry="11" fill="#2b1d14"/><ellipse cx="415" cy="420" rx="16" ry="11" fill="#2b1d14"/>
  <path d="M280 388 Q305 376 330 388" stroke="${member.hair}" stroke-width="7" fill="none" stroke-linecap="round"/>
  <path d="M390 388 Q415 376 440 388" stroke="${member.hair}" stroke-width="7" fill="none" stroke-linecap="round"/>
  <path d="M360 440 Q352 480 362 488" stroke="#00000033" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M310 525 Q360 565 410 525" stroke="#8a3b35" stroke-width="9" fill="none" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

function faceDetailOf(member: DemoMember): FaceDetail {
  return {
    AgeRange: { Low: member.age - 3, High: member.age + 3 },
    Gender: { Value: member.gender === 'female' ? 'Female' : 'Male', Confidence: 99 },
    Smile: { Value: true, Confidence: 95 },
    Emotions: [
      { Type: 'HAPPY', Confidence: 92 },
      { Type: 'CALM', Confidence: 6 },
    ],
    Pose: { Roll: 0 },
    Quality: { Brightness: 80, Sharpness: 85 },
    Beard: { Value: false, Confidence: 90 },
  };
}

/** A demo member's uid, as the paths of their photo and votes name it. */
export const demoId = (member: DemoMember) => `demo-${member.name.toLowerCase()}`;

/** Seeds the demo members, photos and votes when the store has no member yet; says whether it did. */
export async function seedDemoContent(services: {
  store: Store;
  files: FileStore;
  clock: Clock;
}): Promise<boolean> {
  const { store, files, clock } = services;
  if ((await store.query('users', { limit: 1 })).length > 0) return false;
  const now = clock.now();
  for (const [index, member] of MEMBERS.entries()) {
    const uid = demoId(member);
    const photoId = `demo-photo-${index + 1}`;
    const original = await demoPortrait(member);
    // The display and small variants as an upload gets them.
    const { display, small, displayWidth, displayHeight } = await processImage(original);
    const downloadToken = randomUUID();
    const smallToken = randomUUID();
    await files.write(imagePath(uid, `${photoId}.jpg`), original, { contentType: 'image/jpeg' });
    await files.write(resizedImagePath(uid, `${photoId}.webp`), display, {
      contentType: 'image/webp',
      downloadToken,
    });
    await files.write(resizedImagePath(uid, `${photoId}_small.webp`), small, {
      contentType: 'image/webp',
      downloadToken: smallToken,
    });
    const faceDetail = faceDetailOf(member);
    const uploadedAt = new Date(now.getTime() - (index + 1) * 3_600_000);
    const photo = newPhoto({
      id: photoId,
      userId: uid,
      imageName: `${photoId}.jpg`,
      resizedImageName: `${photoId}.webp`,
      imageUrl: files.downloadUrl(resizedImagePath(uid, `${photoId}.webp`), downloadToken),
      smallImageName: `${photoId}_small.webp`,
      smallImageUrl: files.downloadUrl(resizedImagePath(uid, `${photoId}_small.webp`), smallToken),
      imageWidth: displayWidth,
      imageHeight: displayHeight,
      showTo: 'both',
      gender: member.gender,
      ageRange: [18, 60],
      caption: member.caption,
      active: true,
      uploadedAt,
      faceDetail,
      aiInsights: await offlineInsightsWriter.write(faceDetail, member.caption),
    });
    await store.runTransaction(async (tx) => {
      tx.set(`users/${uid}`, {
        ...newUser({
          uid,
          email: null,
          displayName: member.name,
          age: member.age,
          birthyear: now.getUTCFullYear() - member.age,
          gender: member.gender,
          showGender: 'both',
          complete: true,
          onBoarding: true,
          points: 50,
          firstPhotoBonus: true,
          createdAt: uploadedAt,
        }),
        demo: true,
      });
      tx.set(`users/${uid}/photos/${photoId}`, { ...photo });
    });
  }
  const context = (uid: string): HandlerContext => ({
    caller: {
      uid,
      email: null,
      emailVerified: false,
      signInProvider: null,
      name: null,
      picture: null,
      authTime: null,
    },
    store,
    clock,
    files,
    faces: { analyze: () => Promise.reject(new Error('Demo content analyses no faces.')) },
    accounts: {
      deleteUser: () => Promise.reject(new Error('Demo content deletes no accounts.')),
      setDisabled: () => Promise.reject(new Error('Demo content disables no accounts.')),
      setAdminClaim: () => Promise.reject(new Error('Demo content makes no admins.')),
      revokeRefreshTokens: () => Promise.reject(new Error('Demo content signs nobody out.')),
    },
  });
  // Everyone rates everyone else: kind, varied and below a perfect score.
  for (const [ownerIndex, owner] of MEMBERS.entries()) {
    for (const [voterIndex, voter] of MEMBERS.entries()) {
      if (voter === owner) continue;
      const turn = ownerIndex + voterIndex;
      await submitRating.run(
        {
          ownerId: demoId(owner),
          photoId: `demo-photo-${ownerIndex + 1}`,
          rate: [3, 3.5, 4, 4.5, 3.5, 4][turn % 6]!,
          comment: COMMENTS[turn % COMMENTS.length]!,
          chips: CHIPS[turn % CHIPS.length]!,
          seconds: 4 + (turn % 9),
        },
        context(demoId(voter)),
      );
    }
  }
  await seedDemoArticles(store, now);
  await seedDemoExperiments(store, now);
  return true;
}

/** The local backend's admin, for trying /admin; the README gives this sign-in for local mode only. */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'photorater-admin',
  displayName: 'Admin',
} as const;

/** The Admin SDK's Auth as the demo admin needs it: the account made, then the claim. */
export interface DemoAdminAuth extends ClaimsAuth {
  createUser(account: { email: string; password: string; displayName: string }): Promise<{ uid: string }>;
}

/** Adds the demo admin: an Auth account with the admin claim and a complete member record mirroring it. */
export async function seedDemoAdmin(services: {
  store: Store;
  clock: Clock;
  auth: DemoAdminAuth;
}): Promise<void> {
  const { store, clock, auth } = services;
  const { uid } = await auth.createUser({ ...DEMO_ADMIN });
  const now = clock.now();
  await store.runTransaction(async (tx) => {
    tx.set(`users/${uid}`, {
      ...newUser({
        uid,
        email: DEMO_ADMIN.email,
        displayName: DEMO_ADMIN.displayName,
        emailVerified: true,
        providers: ['password'],
        age: 40,
        birthyear: now.getUTCFullYear() - 40,
        gender: 'female',
        showGender: 'both',
        complete: true,
        onBoarding: true,
        createdAt: now,
      }),
      demo: true,
    });
  });
  await setAdminRole({ store, clock, claims: adminClaims(auth) }, uid, true);
}
