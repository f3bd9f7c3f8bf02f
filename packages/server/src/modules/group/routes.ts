import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementIdQuery,
  announcementPageData,
  createdGroupData,
  groupAccessData,
  groupAuthData,
  groupDetailData,
  groupListData,
  groupMemberPageData,
  groupUserPageData,
  rankListData,
  gidQuery,
  groupAnnouncementBody,
  groupAnnouncementListQuery,
  groupBody,
  groupListQuery,
  groupMemberBody,
  groupMemberListQuery,
  groupRankListQuery,
  groupUserSearchQuery,
  joinGroupQuery,
  removeGroupMemberQuery,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import {
  createGroup,
  deleteGroup,
  groupAccess,
  groupAuth,
  groupDetail,
  listGroups,
  updateGroup,
} from './groups.ts';
import { stagingOf } from '../file/routes.ts';
import {
  createGroupAnnouncement,
  deleteGroupAnnouncement,
  groupAnnouncements,
  updateGroupAnnouncement,
} from './announcements.ts';
import { groupProblemRoutes } from './problem-routes.ts';
import { groupAvatarRoutes } from './avatar.ts';
import { groupContestRoutes } from './contest-routes.ts';
import { groupDiscussionRoutes } from './discussion-routes.ts';
import { groupTrainingRoutes } from './training-routes.ts';
import { groupRankList } from './rank.ts';
import { addMember, exitGroup, joinGroup, listMembers, removeMember, updateMember } from './members.ts';
import { searchUsers } from './user-search.ts';

/**
 * The groups, their membership and their problems: reference §3.10 (top-level group calls and the member calls;
 * every `/api/group/**` call needs a login), §7.12. Which group and which member is the policy's
 * (rules/group.ts, through access.ts `groupFor`).
 */
export async function groupRoutes(app: FastifyInstance, opts: { dataDir: string }) {
  await app.register(groupProblemRoutes, { staging: stagingOf(app, opts.dataDir) });
  await app.register(groupTrainingRoutes);
  await app.register(groupContestRoutes, { staging: stagingOf(app, opts.dataDir) });
  await app.register(groupDiscussionRoutes);
  await app.register(groupAvatarRoutes, { dataDir: opts.dataDir });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };
  const done = { 200: answers(z.null()) };

  r.get(
    '/api/get-group-list',
    {
      config: { access: access.anon },
      schema: { querystring: groupListQuery, response: { 200: answers(groupListData) } },
    },
    async (request) => ok(await listGroups(app.db, request.user, request.query)),
  );
  r.get(
    '/api/get-group-detail',
    { config: login, schema: { querystring: gidQuery, response: { 200: answers(groupDetailData) } } },
    async (request) => ok(await groupDetail(app.db, request.user!, request.query.gid)),
  );
  r.get(
    '/api/get-group-access',
    { config: login, schema: { querystring: gidQuery, response: { 200: answers(groupAccessData) } } },
    async (request) => ok(await groupAccess(app.db, request.user!, request.query.gid)),
  );
  // the global rank list's rows (reference §3.7), counted inside the group
  r.get(
    '/api/get-group-rank-list',
    { config: login, schema: { querystring: groupRankListQuery, response: { 200: answers(rankListData) } } },
    async (request) => ok(await groupRankList(app.db, request.user!, request.query)),
  );
  r.get(
    '/api/get-group-auth',
    { config: login, schema: { querystring: gidQuery, response: { 200: answers(groupAuthData) } } },
    async (request) => ok(await groupAuth(app.db, request.user!, request.query.gid)),
  );

  r.post(
    '/api/group',
    {
      config: { access: access.permission('group_add') },
      schema: { body: groupBody, response: { 200: answers(createdGroupData) } },
    },
    async (request) => ok(await createGroup(app.db, request.user!, request.body, app.clock.now())),
  );
  r.put('/api/group', { config: login, schema: { body: groupBody, response: done } }, async (request) => {
    await updateGroup(app.db, request.user!, request.body);
    return ok(null);
  });
  r.delete(
    '/api/group',
    {
      config: { access: access.permission('group_del') },
      schema: { querystring: gidQuery, response: done },
    },
    async (request) => {
      await deleteGroup(app.db, request.user!, request.query.gid);
      return ok(null);
    },
  );

  for (const [path, admin] of [
    ['/api/group/get-announcement-list', false],
    ['/api/group/get-admin-announcement-list', true],
  ] as const) {
    r.get(
      path,
      {
        config: login,
        schema: {
          querystring: groupAnnouncementListQuery,
          response: { 200: answers(announcementPageData) },
        },
      },
      async (request) => ok(await groupAnnouncements(app.db, request.user!, request.query, admin)),
    );
  }
  r.post(
    '/api/group/announcement',
    { config: login, schema: { body: groupAnnouncementBody, response: done } },
    async (request) => {
      await createGroupAnnouncement(app.db, request.user!, request.body);
      return ok(null);
    },
  );
  r.put(
    '/api/group/announcement',
    { config: login, schema: { body: groupAnnouncementBody, response: done } },
    async (request) => {
      await updateGroupAnnouncement(app.db, request.user!, request.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/group/announcement',
    { config: login, schema: { querystring: announcementIdQuery, response: done } },
    async (request) => {
      await deleteGroupAnnouncement(app.db, request.user!, request.query.aid);
      return ok(null);
    },
  );

  r.get(
    '/api/group/get-member-list',
    {
      config: login,
      schema: { querystring: groupMemberListQuery, response: { 200: answers(groupMemberPageData) } },
    },
    async (request) => ok(await listMembers(app.db, request.user!, request.query, 'members')),
  );
  r.get(
    '/api/group/get-apply-list',
    {
      config: login,
      schema: { querystring: groupMemberListQuery, response: { 200: answers(groupMemberPageData) } },
    },
    async (request) => ok(await listMembers(app.db, request.user!, request.query, 'applications')),
  );
  // HOJ's client joins or applies with gid, code, reason; a group admin adds a user with gid, uid
  r.post(
    '/api/group/member',
    { config: login, schema: { querystring: joinGroupQuery, response: done } },
    async (request) => {
      const { uid, gid } = request.query;
      if (uid === undefined) await joinGroup(app.db, request.user!, request.query);
      else await addMember(app.db, request.user!, gid, uid);
      return ok(null);
    },
  );
  r.get(
    '/api/group/get-user-list',
    {
      config: login,
      schema: { querystring: groupUserSearchQuery, response: { 200: answers(groupUserPageData) } },
    },
    async (request) => ok(await searchUsers(app.db, request.user!, request.query)),
  );
  r.put(
    '/api/group/member',
    { config: login, schema: { body: groupMemberBody, response: done } },
    async (request) => {
      await updateMember(app.db, request.user!, request.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/group/member',
    { config: login, schema: { querystring: removeGroupMemberQuery, response: done } },
    async (request) => {
      await removeMember(app.db, request.user!, request.query.gid, request.query.uid);
      return ok(null);
    },
  );
  r.delete(
    '/api/group/member/exit',
    { config: login, schema: { querystring: gidQuery, response: done } },
    async (request) => {
      await exitGroup(app.db, request.user!, request.query.gid);
      return ok(null);
    },
  );
}
