import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Dealers reach the compliance records of their company's people (access/policy.ts): consents,
 * adverse-action notices and sanctions matches carry `dealerships`, kept by the database as the
 * credit records' are (migration dealership_on_row):
 * - a consent a dealer recorded is that dealership's alone (`made_at`); one the house recorded
 *   belongs where it applies: its credit app's dealerships when it names one, else its seller
 *   (a texting consent is to that company only), else its consumer's dealerships;
 * - a notice follows its credit app's; a sanctions match its subject's (a credit app's
 *   dealerships, or a deal's dealership).
 * Dealerships are only ever added, whenever the record or what it names gains one.
 */
const TRIGGERS = sql`
CREATE FUNCTION commerce_add_company(rels text, parent integer, company varchar)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF parent IS NULL OR company IS NULL THEN RETURN; END IF;
  EXECUTE format(
    'INSERT INTO %I ("order", parent_id, path, company_id)
     SELECT coalesce(max("order"), 0) + 1, $1, ''dealerships'', $2 FROM %I
     WHERE parent_id = $1 AND path = ''dealerships''
     HAVING count(*) FILTER (WHERE company_id = $2) = 0', rels, rels)
  USING parent, company;
END $$;

CREATE FUNCTION commerce_compliance_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'consents' THEN
    IF NEW.made_at_id IS NOT NULL THEN RETURN NULL; END IF;
    IF NEW.credit_app_id IS NOT NULL THEN
      PERFORM commerce_add_company('consents_rels', NEW.id, r.company_id) FROM credit_app_rels r
        WHERE r.path = 'dealerships' AND r.parent_id = NEW.credit_app_id;
    ELSIF NEW.seller_id IS NOT NULL THEN
      PERFORM commerce_add_company('consents_rels', NEW.id, NEW.seller_id);
    ELSE
      PERFORM commerce_add_company('consents_rels', NEW.id, r.company_id) FROM consumer_rels r
        WHERE r.path = 'dealerships' AND r.parent_id = NEW.consumer_id;
    END IF;
  ELSIF TG_TABLE_NAME = 'adverse_action_notice' THEN
    PERFORM commerce_add_company('adverse_action_notice_rels', n.id, r.company_id)
      FROM adverse_action_notice n
        JOIN credit_app_rels r ON r.path = 'dealerships' AND r.parent_id = n.credit_app_id
      WHERE n.id = NEW.id;
  ELSE
    PERFORM commerce_add_company('sanctions_match_rels', m.id, r.company_id)
      FROM sanctions_match m
        JOIN credit_app_rels r ON r.path = 'dealerships' AND r.parent_id = m.subject_id
      WHERE m.id = NEW.id AND m.subject_collection = 'credit-app';
    PERFORM commerce_add_company('sanctions_match_rels', m.id, d.dealership_id)
      FROM sanctions_match m JOIN deal d ON d.id = m.subject_id
      WHERE m.id = NEW.id AND m.subject_collection = 'deal';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER commerce_compliance_follows AFTER INSERT OR UPDATE ON consents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_compliance_follows();
CREATE CONSTRAINT TRIGGER commerce_compliance_follows AFTER INSERT OR UPDATE ON adverse_action_notice
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_compliance_follows();
CREATE CONSTRAINT TRIGGER commerce_compliance_follows AFTER INSERT OR UPDATE ON sanctions_match
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_compliance_follows();

CREATE FUNCTION commerce_compliance_reach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.path <> 'dealerships' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'consumer_rels' THEN
    PERFORM commerce_add_company('consents_rels', id, NEW.company_id) FROM consents
      WHERE made_at_id IS NULL AND credit_app_id IS NULL AND seller_id IS NULL
        AND consumer_id = NEW.parent_id;
  ELSE
    PERFORM commerce_add_company('consents_rels', id, NEW.company_id) FROM consents
      WHERE made_at_id IS NULL AND credit_app_id = NEW.parent_id;
    PERFORM commerce_add_company('adverse_action_notice_rels', id, NEW.company_id)
      FROM adverse_action_notice WHERE credit_app_id = NEW.parent_id;
    PERFORM commerce_add_company('sanctions_match_rels', id, NEW.company_id)
      FROM sanctions_match WHERE subject_collection = 'credit-app' AND subject_id = NEW.parent_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER commerce_compliance_reach AFTER INSERT ON consumer_rels
  FOR EACH ROW EXECUTE FUNCTION commerce_compliance_reach();
CREATE TRIGGER commerce_compliance_reach AFTER INSERT ON credit_app_rels
  FOR EACH ROW EXECUTE FUNCTION commerce_compliance_reach();

CREATE FUNCTION commerce_deal_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM commerce_add_company('sanctions_match_rels', id, NEW.dealership_id)
    FROM sanctions_match WHERE subject_collection = 'deal' AND subject_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER commerce_deal_matches AFTER UPDATE ON deal
  FOR EACH ROW WHEN (OLD.dealership_id IS DISTINCT FROM NEW.dealership_id)
  EXECUTE FUNCTION commerce_deal_matches();
`

/** The records of before get the dealerships their consumers, apps and deals have now. */
const BACKFILL = sql`
INSERT INTO consents_rels ("order", parent_id, path, company_id)
  SELECT 1, c.id, 'dealerships', r.company_id FROM consents c
    JOIN credit_app_rels r ON r.path = 'dealerships' AND r.parent_id = c.credit_app_id
  UNION
  SELECT 1, c.id, 'dealerships', c.seller_id FROM consents c
  WHERE c.credit_app_id IS NULL AND c.seller_id IS NOT NULL
  UNION
  SELECT 1, c.id, 'dealerships', r.company_id FROM consents c
    JOIN consumer_rels r ON r.path = 'dealerships' AND r.parent_id = c.consumer_id
  WHERE c.credit_app_id IS NULL AND c.seller_id IS NULL;
INSERT INTO adverse_action_notice_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, n.id, 'dealerships', r.company_id FROM adverse_action_notice n
    JOIN credit_app_rels r ON r.path = 'dealerships' AND r.parent_id = n.credit_app_id;
INSERT INTO sanctions_match_rels ("order", parent_id, path, company_id)
  SELECT 1, m.id, 'dealerships', r.company_id FROM sanctions_match m
    JOIN credit_app_rels r ON r.path = 'dealerships' AND r.parent_id = m.subject_id
  WHERE m.subject_collection = 'credit-app'
  UNION
  SELECT 1, m.id, 'dealerships', d.dealership_id FROM sanctions_match m
    JOIN deal d ON d.id = m.subject_id
  WHERE m.subject_collection = 'deal' AND d.dealership_id IS NOT NULL;
`

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "consents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  CREATE TABLE "adverse_action_notice_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  CREATE TABLE "sanctions_match_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  ALTER TABLE "consents" ADD COLUMN "made_at_id" varchar;
  ALTER TABLE "consents_rels" ADD CONSTRAINT "consents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "consents_rels" ADD CONSTRAINT "consents_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "adverse_action_notice_rels" ADD CONSTRAINT "adverse_action_notice_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."adverse_action_notice"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "adverse_action_notice_rels" ADD CONSTRAINT "adverse_action_notice_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "sanctions_match_rels" ADD CONSTRAINT "sanctions_match_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sanctions_match"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "sanctions_match_rels" ADD CONSTRAINT "sanctions_match_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "consents_rels_order_idx" ON "consents_rels" USING btree ("order");
  CREATE INDEX "consents_rels_parent_idx" ON "consents_rels" USING btree ("parent_id");
  CREATE INDEX "consents_rels_path_idx" ON "consents_rels" USING btree ("path");
  CREATE INDEX "consents_rels_company_id_idx" ON "consents_rels" USING btree ("company_id");
  CREATE INDEX "adverse_action_notice_rels_order_idx" ON "adverse_action_notice_rels" USING btree ("order");
  CREATE INDEX "adverse_action_notice_rels_parent_idx" ON "adverse_action_notice_rels" USING btree ("parent_id");
  CREATE INDEX "adverse_action_notice_rels_path_idx" ON "adverse_action_notice_rels" USING btree ("path");
  CREATE INDEX "adverse_action_notice_rels_company_id_idx" ON "adverse_action_notice_rels" USING btree ("company_id");
  CREATE INDEX "sanctions_match_rels_order_idx" ON "sanctions_match_rels" USING btree ("order");
  CREATE INDEX "sanctions_match_rels_parent_idx" ON "sanctions_match_rels" USING btree ("parent_id");
  CREATE INDEX "sanctions_match_rels_path_idx" ON "sanctions_match_rels" USING btree ("path");
  CREATE INDEX "sanctions_match_rels_company_id_idx" ON "sanctions_match_rels" USING btree ("company_id");
  ALTER TABLE "consents" ADD CONSTRAINT "consents_made_at_id_company_id_fk" FOREIGN KEY ("made_at_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "consents_made_at_idx" ON "consents" USING btree ("made_at_id");`)
  await db.execute(BACKFILL)
  await db.execute(TRIGGERS)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP FUNCTION commerce_compliance_follows, commerce_compliance_reach, commerce_deal_matches CASCADE;
  DROP FUNCTION commerce_add_company;`)
  await db.execute(sql`
   ALTER TABLE "consents_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "adverse_action_notice_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "sanctions_match_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "consents_rels" CASCADE;
  DROP TABLE "adverse_action_notice_rels" CASCADE;
  DROP TABLE "sanctions_match_rels" CASCADE;
  ALTER TABLE "consents" DROP CONSTRAINT "consents_made_at_id_company_id_fk";
  
  DROP INDEX "consents_made_at_idx";
  ALTER TABLE "consents" DROP COLUMN "made_at_id";`)
}
