import { Avatar, Tag } from 'antd';
import { Link } from 'react-router';
import './rank.css';

/** A user in a rank: avatar, name linking to their home, and their title tag when they have one. */
export function RankUser({
  user,
  color,
}: {
  user: { username: string; avatar: string | null; titleName: string | null; titleColor: string | null };
  /** the name's colour (spec part 1 §9 "Rank name colour") */
  color?: string;
}) {
  return (
    <span className="rank-user">
      <Avatar size={28} src={user.avatar || undefined} className="rank-user__avatar">
        {user.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <Link
        to={`/user-home?username=${encodeURIComponent(user.username)}`}
        className="rank-user__name"
        style={color ? { color } : undefined}
      >
        {user.username}
      </Link>
      {user.titleName ? (
        <Tag color={user.titleColor || undefined} className="rank-user__title">
          {user.titleName}
        </Tag>
      ) : null}
    </span>
  );
}
