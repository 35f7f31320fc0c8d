-- Idempotent: several instances run it against the same database at start-up.
-- Portable across H2 2.x, MariaDB 10.5+ and MySQL 8.
CREATE TABLE IF NOT EXISTS goods_stock (
    id        BIGINT AUTO_INCREMENT PRIMARY KEY,
    goods_no  BIGINT  NOT NULL,
    stock     INT     NOT NULL,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    -- the highest fencing token that has claimed this row; a claim or write with a lower one is refused
    fence     BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT uk_goods_stock_goods_no UNIQUE (goods_no)
);

CREATE TABLE IF NOT EXISTS goods_order (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    goods_no      BIGINT       NOT NULL,
    -- NULL for an unlocked purchase; unique otherwise (tokens are ZooKeeper zxids)
    fencing_token BIGINT       NULL,
    created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    CONSTRAINT uk_goods_order_token UNIQUE (goods_no, fencing_token)
);
