import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A chat or system message of a game (spec 000 section 3 "messages"). */
@Entity({ name: 'messages' })
@Index(['gameId', 'timestamp'])
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 64, nullable: true })
  userId!: string | null;

  @Column({ name: 'display_name', type: 'varchar', length: 50 })
  displayName!: string;

  @Column({ type: 'text' })
  content!: string;

  /** 'chat' or 'system'. */
  @Column({ name: 'message_type', type: 'varchar', length: 20, default: 'chat' })
  messageType!: 'chat' | 'system';

  /** Label of a system message, e.g. 'Revealer Announcement'. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  label!: string | null;

  @Column({ type: 'timestamptz' })
  timestamp!: Date;
}
