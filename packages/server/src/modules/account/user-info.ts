import type { UserInfoVO } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userInfo } from '../../db/schema/index.ts';
import type { AuthService } from '../../http/auth/service.ts';
import { notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';

/** reference §3.1 UserInfoVO: the user's own profile fields (plus Verdict's mobile) and role names. */
export async function loadUserInfo(db: Db, auth: AuthService, uid: string): Promise<UserInfoVO> {
  const [user] = await db
    .select({
      uid: userInfo.uuid,
      username: userInfo.username,
      nickname: userInfo.nickname,
      avatar: userInfo.avatar,
      titleName: userInfo.titleName,
      titleColor: userInfo.titleColor,
      email: userInfo.email,
      number: userInfo.number,
      gender: userInfo.gender,
      school: userInfo.school,
      course: userInfo.course,
      signature: userInfo.signature,
      realname: userInfo.realname,
      github: userInfo.github,
      blog: userInfo.blog,
      cfUsername: userInfo.cfUsername,
      mobile: userInfo.mobile,
    })
    .from(userInfo)
    .where(eq(userInfo.uuid, uid));
  if (!user) throw notFound(messages.userNotFound);
  const { roles } = await auth.grantsOf(uid);
  return { ...user, roleList: roles };
}
